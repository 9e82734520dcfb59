#!/usr/bin/env python3
"""Check the demo tenants against tenants/README.md and host/docs/stock-feed.md.

    python3 tenants/_sources/scripts/check_tenants.py

A stand-in for the host's own validation while it is being written (Python 3.11+ stdlib only).
Also dry-runs the raw Craigslist feed through _sources/mappings/craigslist.mapping.toml and
reports how many rows the importer should reject and why. Exits 1 on any problem.
"""

from __future__ import annotations

import csv
import datetime as dt
import re
import sys
import tomllib
from decimal import Decimal, ROUND_HALF_UP
from pathlib import Path

SOURCES = Path(__file__).resolve().parent.parent
TENANTS = SOURCES.parent
NOW = dt.datetime(2026, 11, 20, tzinfo=dt.timezone.utc)
NEXT_YEAR = 2027

CANONICAL = """stocknum vin nvic slug year make model badge series variant colour interior_colour body simple_body
doors seats fuel simple_fuel drive simple_drive trans simple_transmission geartype gearnum cylinders engine_size
engine_size_litres induction fuelconsumptioncombined fuelcapacity torque ancaprating km price before_price offer_price
subscription_price price_type preorder reserved certified show_on_dealer_website car_type status tag item_type
dealership_slug location_slug regplate rego_expiry build_date compliance_date created_at sold_at dealercomments
standard_equipment image_urls video_url external_video_url city state private_suburb private_postcode""".split()
KNOWN_BODY = set("4x4 bus cabChassis convertible coupe ev hardtop hatch hatchback motorhome lightTruck peopleMover "
                 "prestige sedan softtop suv ute van wagon stationWagon".split())
VIN_RE = re.compile(r"^[A-HJ-NPR-Z0-9]{17}$")
SLUG_RE = re.compile(r"^[a-z0-9-]+$")
HHMM = re.compile(r"^([01]\d|2[0-3]):[0-5]\d$")
RFC3339 = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$")
BOOLS = {"true", "false", "yes", "no", "1", "0", "y", "n"}
INTS = {"year", "doors", "seats", "gearnum", "cylinders", "km"}
NUMS = {"engine_size", "engine_size_litres", "fuelconsumptioncombined", "fuelcapacity", "torque", "price",
        "before_price", "offer_price", "subscription_price"}
BOOL_COLS = {"preorder", "reserved", "certified", "show_on_dealer_website"}

TOP_KEYS = {"slug": str, "name": str, "template": str, "hosts": list, "manufacturer": str, "site_url": str,
            "logo_url": str, "default_state": str, "social": dict, "features": dict, "specifications": dict,
            "finance": dict, "stock": dict, "wording": dict, "phones": dict, "dealerships": list,
            "locations": list, "plugins": list}
SUB_KEYS = {
    "social": {"facebook", "instagram", "youtube", "twitter", "tiktok", "linkedin"},
    "specifications": {"just_arrived_days", "just_arrived_tag_name", "sold_tag_name"},
    "finance": {"provider", "default_interest"},
    "stock": {"filter_level", "stock_count", "feeds"},
    "wording": {"no_price_text", "finance_label", "vehicle_noun"},
    "phones": {"new", "used", "demo"},
}
DEALER_KEYS = {"slug", "name", "manufacturer", "state", "youtube_url", "config"}
LOC_KEYS = {"slug", "name", "dealership", "primary", "visible", "location_type", "location_subtype", "manufacturers",
            "upcoming", "dealer_license_number", "motor_vehicle_repairer", "average_rating", "review_count",
            "image_url", "distribution_locations", "address", "contact_detail", "opening_hours", "special_hours"}
ADDR_KEYS = {"street", "city", "state", "postcode", "lat", "long", "place_url", "place_id", "map_key"}
CONTACT_KEYS = {"phone", "landline_phone", "email"}
FEED_KEYS = {"path", "format", "mapping", "mode"}
STATES = {"QLD", "NSW", "VIC", "WA", "SA", "TAS", "ACT", "NT"}
PHONE = re.compile(r"^(0[2378] \d{4} \d{4}|04\d\d \d{3} \d{3}|1[38]00 \d{3} \d{3})$")

problems: list[str] = []


def bad(where: str, msg: str):
    problems.append(f"{where}: {msg}")


def geo():
    with open(SOURCES / "geo/au_postcodes_countrystatecity.csv", newline="") as f:
        return {r["postcode"]: r for r in csv.DictReader(f)}


def check_toml(path: Path, g: dict, all_hosts: dict) -> dict | None:
    where = str(path.relative_to(TENANTS))
    try:
        cfg = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as e:
        bad(where, f"does not parse: {e}")
        return None
    for k, v in cfg.items():
        if k not in TOP_KEYS:
            bad(where, f"unknown key {k}")
        elif not isinstance(v, TOP_KEYS[k]):
            bad(where, f"{k} has the wrong type")
    for k in ("slug", "name", "template", "dealerships"):
        if k not in cfg:
            bad(where, f"missing required key {k}")
    if cfg.get("slug") != path.parent.name or not SLUG_RE.match(cfg.get("slug", "")):
        bad(where, "slug must equal the folder name and match [a-z0-9-]+")
    for h in cfg.get("hosts", []):
        if h in all_hosts:
            bad(where, f"host {h} also claimed by {all_hosts[h]}")
        all_hosts[h] = cfg.get("slug")
    for sect, keys in SUB_KEYS.items():
        for k in cfg.get(sect, {}):
            if k not in keys:
                bad(where, f"unknown key {sect}.{k}")
    for k, v in cfg.get("features", {}).items():
        if not isinstance(v, bool):
            bad(where, f"features.{k} must be a bool")
    for k, v in cfg.get("phones", {}).items():
        if not PHONE.match(v):
            bad(where, f"phones.{k} {v!r} is not 0X XXXX XXXX")
    st = cfg.get("stock", {})
    if not 0 <= st.get("filter_level", 0) <= 14:
        bad(where, "stock.filter_level out of 0..=14")
    for f in st.get("feeds", []):
        if set(f) - FEED_KEYS:
            bad(where, f"unknown feed keys {set(f) - FEED_KEYS}")
        if f.get("format") not in ("csv", "json") or f.get("mode", "full") not in ("full", "delta"):
            bad(where, f"feed {f} has a bad format or mode")
        if not (path.parent / f["path"]).is_file():
            bad(where, f"feed file {f['path']} missing")
    dealers = {}
    for d in cfg.get("dealerships", []):
        if set(d) - DEALER_KEYS:
            bad(where, f"unknown dealership keys {set(d) - DEALER_KEYS}")
        if d["slug"] in dealers or not SLUG_RE.match(d["slug"]):
            bad(where, f"dealership slug {d['slug']} duplicate or malformed")
        if d.get("state") not in STATES:
            bad(where, f"dealership {d['slug']} state {d.get('state')}")
        for k, v in d.get("config", {}).items():
            if not isinstance(v, (bool, int, float, str)):
                bad(where, f"dealership config {k} must be bool, number or string")
        dealers[d["slug"]] = d
    if not dealers:
        bad(where, "needs at least one dealership")
    locs, primaries = {}, {}
    for loc in cfg.get("locations", []):
        w = f"{where} location {loc.get('slug')}"
        if set(loc) - LOC_KEYS:
            bad(w, f"unknown keys {set(loc) - LOC_KEYS}")
        if loc["slug"] in locs or not SLUG_RE.match(loc["slug"]):
            bad(w, "slug duplicate or malformed")
        locs[loc["slug"]] = loc
        if loc.get("dealership") not in dealers:
            bad(w, f"dealership {loc.get('dealership')} does not exist")
        if loc.get("primary"):
            primaries[loc["dealership"]] = primaries.get(loc["dealership"], 0) + 1
        if loc.get("location_type", "") not in ("sales", "service", "parts", "car-buying", ""):
            bad(w, f"location_type {loc.get('location_type')}")
        if not 0 <= loc.get("average_rating", 0) <= 5:
            bad(w, "average_rating out of 0..=5")
        a = loc.get("address", {})
        if set(a) - ADDR_KEYS:
            bad(w, f"unknown address keys {set(a) - ADDR_KEYS}")
        if not re.fullmatch(r"\d{4}", a.get("postcode", "")):
            bad(w, "postcode must be 4 digits")
        row = g.get(a.get("postcode"))
        if row is None:
            bad(w, f"postcode {a.get('postcode')} not in the geo file")
        else:
            if a.get("lat") != float(row["lat"]) or a.get("long") != float(row["long"]):
                bad(w, f"lat/long {a.get('lat')},{a.get('long')} differ from geo file {row['lat']},{row['long']}")
            if a.get("state") != row["state"] or a.get("city", "").upper() != row["locality"]:
                bad(w, f"state/city {a.get('state')}/{a.get('city')} differ from geo file {row['state']}/{row['locality']}")
        c = loc.get("contact_detail", {})
        if set(c) - CONTACT_KEYS:
            bad(w, f"unknown contact keys {set(c) - CONTACT_KEYS}")
        for k in ("phone", "landline_phone"):
            if k in c and not PHONE.match(c[k]):
                bad(w, f"{k} {c[k]!r}")
        days = [h.get("weekday") for h in loc.get("opening_hours", [])]
        if sorted(days) != list(range(7)):
            bad(w, f"opening_hours weekdays {days} (want each of 0..6 once)")
        for h in loc.get("opening_hours", []):
            if set(h) - {"weekday", "status", "open", "close"} or h.get("status") not in ("Open", "Closed"):
                bad(w, f"opening hour {h}")
            if h.get("status") == "Open" and not (HHMM.match(h.get("open", "")) and HHMM.match(h.get("close", ""))
                                                 and h["open"] < h["close"]):
                bad(w, f"opening hour {h} needs open < close, HH:MM")
        sp = {s.get("date"): s for s in loc.get("special_hours", [])}
        if sp.get("2026-12-25", {}).get("status") != "Closed" or sp.get("2026-12-26", {}).get("start_hour") != "10:00":
            bad(w, "special hours for 2026-12-25/26 missing")
        for s in loc.get("special_hours", []):
            if set(s) - {"date", "status", "start_hour", "end_hour"} or s.get("status") not in ("Open", "Closed"):
                bad(w, f"special hour {s}")
            dt.date.fromisoformat(s["date"])
            if s["status"] == "Open" and not (HHMM.match(s.get("start_hour", "")) and HHMM.match(s.get("end_hour", ""))):
                bad(w, f"special hour {s} needs start_hour and end_hour")
        for other in loc.get("distribution_locations", []):
            if other not in [x["slug"] for x in cfg["locations"]]:
                bad(w, f"distribution location {other} unknown")
    for d in dealers:
        if primaries.get(d, 0) != 1:
            bad(where, f"dealership {d} has {primaries.get(d, 0)} primary locations")
    cfg["_dealers"], cfg["_locs"] = dealers, locs
    return cfg


def check_stock(cfg: dict, seen_stock: set, seen_vin: set, seen_slug: set, counts: dict):
    tdir = TENANTS / cfg["slug"]
    for feed in cfg.get("stock", {}).get("feeds", []):
        p = tdir / feed["path"]
        where = str(p.relative_to(TENANTS))
        with open(p, newline="", encoding="utf-8") as f:
            rd = csv.DictReader(f)
            header = rd.fieldnames or []
            rows = list(rd)
        raw = p.read_bytes()
        if b"\r" in raw or not raw.endswith(b"\n"):
            bad(where, "expected LF line endings and a final newline")
        for col in header:
            if col not in CANONICAL:
                bad(where, f"column {col} is not canonical")
        for col in ("year", "make", "model", "price", "car_type"):
            if col not in header:
                bad(where, f"required column {col} missing")
        counts[where] = len(rows)
        for i, r in enumerate(rows, start=2):
            w = f"{where}:{i}"
            v = {k: x for k, x in r.items() if x != ""}
            if "stocknum" not in v and "vin" not in v:
                bad(w, "stocknum or vin required")
            if "stocknum" in v:
                if v["stocknum"] in seen_stock:
                    bad(w, f"duplicate stocknum {v['stocknum']}")
                seen_stock.add(v["stocknum"])
            if "vin" in v:
                if not VIN_RE.match(v["vin"]):
                    bad(w, f"bad VIN {v['vin']}")
                if v["vin"] in seen_vin:
                    bad(w, f"duplicate VIN {v['vin']}")
                seen_vin.add(v["vin"])
            for k in INTS & v.keys():
                if not re.fullmatch(r"\d+", v[k]):
                    bad(w, f"{k} {v[k]!r} is not an integer")
            for k in NUMS & v.keys():
                try:
                    Decimal(v[k])
                except Exception:
                    bad(w, f"{k} {v[k]!r} is not a number")
            for k in BOOL_COLS & v.keys():
                if v[k].lower() not in BOOLS:
                    bad(w, f"{k} {v[k]!r} is not a boolean")
            if not 1900 <= int(v.get("year", 0)) <= NEXT_YEAR:
                bad(w, f"year {v.get('year')}")
            if not (10 < Decimal(v.get("price", "0")) <= 5_000_000):
                bad(w, f"price {v.get('price')}")
            if "km" in v and not 0 <= int(v["km"]) <= 2_000_000:
                bad(w, f"km {v['km']}")
            for k in ("doors", "seats"):
                if k in v and not 1 <= int(v[k]) <= 60:
                    bad(w, f"{k} {v[k]}")
            if "simple_body" in v and v["simple_body"] not in KNOWN_BODY:
                bad(w, f"simple_body {v['simple_body']}")
            if v.get("car_type") not in ("new", "demo", "used"):
                bad(w, f"car_type {v.get('car_type')}")
            if v.get("status", "in_stock") not in ("in_stock", "coming_soon", "sold"):
                bad(w, f"status {v.get('status')}")
            d = v.get("dealership_slug")
            if d is None and len(cfg["_dealers"]) > 1:
                bad(w, "dealership_slug required (several dealerships)")
            if d is not None and d not in cfg["_dealers"]:
                bad(w, f"dealership {d} unknown")
            loc = cfg["_locs"].get(v.get("location_slug", ""))
            if "location_slug" in v and (loc is None or loc["dealership"] != d or loc.get("location_type") not in ("sales", "")
                                         or not loc.get("visible", True) or loc.get("upcoming")):
                bad(w, f"location {v['location_slug']} is not a visible, open sales location of {d}")
            created = sold = None
            for k in ("created_at", "sold_at"):
                if k in v:
                    if not RFC3339.match(v[k]):
                        bad(w, f"{k} {v[k]} is not RFC 3339")
                    t = dt.datetime.fromisoformat(v[k].replace("Z", "+00:00"))
                    if k == "created_at":
                        created = t
                    else:
                        sold = t
            if created and not dt.datetime(2026, 8, 1, tzinfo=dt.timezone.utc) <= created <= NOW:
                bad(w, f"created_at {created} outside 2026-08-01..2026-11-20")
            if (v.get("status") == "sold") != (sold is not None):
                bad(w, "sold_at must be given exactly when status is sold")
            if sold and not (created < sold and dt.timedelta(days=1) <= NOW - sold <= dt.timedelta(days=10)):
                bad(w, f"sold_at {sold} not 1..10 days before {NOW} or before created_at")
            slug = re.sub(r"[^a-z0-9]+", "-", f"{v.get('year')}-{v.get('make')}-{v.get('model')}-{v.get('stocknum')}".lower()).strip("-")
            if slug in seen_slug:
                bad(w, f"generated slug {slug} collides")
            seen_slug.add(slug)


def dry_run_mapping():
    """Apply the mapping to the raw feed the way stock-feed.md describes and count rejections."""
    m = tomllib.loads((SOURCES / "mappings/craigslist.mapping.toml").read_text())
    with open(SOURCES / "listings/craigslist_mercedes_used_listings.csv", newline="") as f:
        rd = csv.DictReader(f)
        header, rows = rd.fieldnames, list(rd)
    for sect in ("columns", "scale", "round", "case", "values", "defaults"):
        for k in m.get(sect, {}):
            if k not in CANONICAL:
                bad("craigslist.mapping.toml", f"[{sect}] {k} is not a canonical column")
    for k, tpl in m["columns"].items():
        for col in re.findall(r"\{([^}]+)\}", tpl) or [tpl]:
            if col not in header:
                bad("craigslist.mapping.toml", f"{k} names source column {col} that the feed lacks")
    for k, vm in m.get("values", {}).items():
        src = m["columns"][k]
        distinct = {r[src].lower() for r in rows if r[src]}
        missing = distinct - {x.lower() for x in vm}
        if missing:
            bad("craigslist.mapping.toml", f"[values.{k}] lacks source values {sorted(missing)}")
    reasons: dict[str, int] = {}
    ok = 0
    seen = {}
    for r in rows:
        out = {}
        for k, tpl in m["columns"].items():
            val = re.sub(r"\{([^}]+)\}", lambda mm: r[mm.group(1)], tpl) if "{" in tpl else r[tpl]
            vm = {x.lower(): y for x, y in m.get("values", {}).get(k, {}).items()}
            if val.lower() in vm:
                val = vm[val.lower()]
            if val and m.get("case", {}).get(k) == "title":
                val = val.title()
            if val and k in m.get("scale", {}):
                q = Decimal(val) * Decimal(str(m["scale"][k]))
                step = Decimal(str(m.get("round", {}).get(k, 1)))
                val = str(int((q / step).quantize(Decimal(1), rounding=ROUND_HALF_UP) * step))
            out[k] = val
        for k, dv in m.get("defaults", {}).items():
            if not out.get(k):
                out[k] = dv
        why = None
        if not out.get("year"):
            why = "missing year"
        elif not 1 <= int(out["price"] or 0) <= 5_000_000:
            why = "price 0" if int(out["price"] or 0) == 0 else "price out of 1..=5,000,000"
        elif out.get("km") and int(out["km"]) > 2_000_000:
            why = "km over 2,000,000"
        elif out.get("vin") and not VIN_RE.match(out["vin"]):
            why = "malformed VIN"
        if why:
            reasons[why] = reasons.get(why, 0) + 1
        else:
            ok += 1
            if out.get("vin"):
                seen[out["vin"]] = seen.get(out["vin"], 0) + 1
    dup_rows = sum(n - 1 for n in seen.values() if n > 1)
    return len(rows), ok, reasons, dup_rows


def main():
    g = geo()
    hosts: dict = {}
    counts: dict = {}
    for path in sorted(TENANTS.glob("*/tenant.toml")):
        if path.parent.name.startswith("_"):
            continue
        cfg = check_toml(path, g, hosts)
        if cfg:
            check_stock(cfg, set(), set(), set(), counts)
    total, ok, reasons, dups = dry_run_mapping()
    for k, n in counts.items():
        print(f"{n:5d}  {k}")
    print(f"raw Craigslist feed through the mapping: {total} rows, {ok} accepted, rejected {reasons}; "
          f"{dups} accepted rows repeat an earlier row's VIN")
    if problems:
        print(f"\n{len(problems)} problem(s):")
        for p in problems[:200]:
            print("  " + p)
        sys.exit(1)
    print("all checks passed")


if __name__ == "__main__":
    main()
