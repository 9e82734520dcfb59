#!/usr/bin/env python3
"""Build the demo tenants' stock feeds from the real public data in tenants/_sources/.

    python3 tenants/_sources/scripts/build_demo_stock.py

Writes tenants/<slug>/stock/{new,demo,used}.csv in the canonical columns of
host/docs/stock-feed.md. Python 3.11+ standard library only. Deterministic: one
random.Random(20261121) drives every synthesised value, inputs are read in file order,
so re-running produces byte-identical files. Every rule applied here is described in
tenants/_sources/PROVENANCE.md ("What the project derives and synthesises").

Dealerships and sales locations are read from each tenant's tenant.toml, so the feeds always
point at locations that exist.
"""

from __future__ import annotations

import csv
import hashlib
import json
import sys
import datetime as dt
import re
import random
import tomllib
from decimal import Decimal, ROUND_HALF_UP
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

SEED = 20261121
USD_TO_AUD = Decimal("1.53")          # fixed rate used everywhere in the project
MILES_TO_KM = Decimal("1.609344")
NOW = dt.datetime(2026, 11, 20, 0, 0, tzinfo=dt.timezone.utc)       # the demo "today"
CREATED_FROM = dt.datetime(2026, 8, 1, 0, 0, tzinfo=dt.timezone.utc)

SOURCES = Path(__file__).resolve().parent.parent
TENANTS = SOURCES.parent

# Canonical columns written, in this order (host/docs/stock-feed.md). Same header in every file.
COLUMNS = [
    "stocknum", "vin", "year", "make", "model", "badge", "colour",
    "body", "simple_body", "doors", "seats",
    "fuel", "simple_fuel", "drive", "simple_drive", "trans", "simple_transmission",
    "geartype", "gearnum", "cylinders", "engine_size_litres", "induction", "fuelconsumptioncombined",
    "km", "price", "price_type", "car_type", "status", "reserved", "tag", "show_on_dealer_website",
    "dealership_slug", "location_slug", "created_at", "sold_at", "dealercomments", "image_urls",
    "spin_images", "spin_interior_image", "hotspots",
]

VIN_RE = re.compile(r"^[A-HJ-NPR-Z0-9]{17}$")   # 17 chars, A-Z 0-9 without I, O, Q

# ---------------------------------------------------------------------------------------------
# small helpers


def half_up(x: Decimal, step: int) -> int:
    """Round x to the nearest multiple of step, halves away from zero."""
    return int((x / step).quantize(Decimal(1), rounding=ROUND_HALF_UP)) * step


def retail(aud: int) -> int:
    """Give a converted price a retail ending: nearest 1,000 minus 10 (e.g. 45,230 -> 44,990)
    from 10,000 up, nearest 100 minus 10 below (e.g. 2,300 -> 2,290)."""
    step = 1000 if aud >= 10000 else 100
    return max(half_up(Decimal(aud), step) - 10, step - 10)


def usd_to_aud(usd: str) -> int:
    return half_up(Decimal(usd) * USD_TO_AUD, 10)


def miles_to_km(mi: str) -> int:
    return half_up(Decimal(mi) * MILES_TO_KM, 1)


def iso(t: dt.datetime) -> str:
    return t.strftime("%Y-%m-%dT%H:%M:%SZ")


def read_csv(rel: str) -> list[dict]:
    with open(SOURCES / rel, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


# ---------------------------------------------------------------------------------------------
# used stock: real Craigslist listings + decoded VINs

FAMILY = {  # listing model family -> Mercedes-Benz spelling (used only when the VIN gives none)
    "a-class": "A-Class", "b-class": "B-Class", "c-class": "C-Class", "d-class": "D-Class",
    "e-class": "E-Class", "m-class": "M-Class", "r-class": "R-Class", "s-class": "S-Class",
    "cl-class": "CL-Class", "gl-class": "GL-Class", "sl-class": "SL-Class",
    "amg": "AMG", "metris": "Metris", "sprinter": "Sprinter",
}
BODY = {  # listing `type` -> (body, simple_body); simple_body from docs/features/locations-forms-marketing.md
          # §9 known body types
    "sedan": ("Sedan", "sedan"), "suv": ("SUV", "suv"), "coupe": ("Coupe", "coupe"),
    "convertible": ("Convertible", "convertible"), "wagon": ("Wagon", "wagon"),
    "hatchback": ("Hatchback", "hatch"), "van": ("Van", "van"), "pickup": ("Ute", "ute"),
    "truck": ("Ute", "ute"), "mini-van": ("People Mover", "peopleMover"), "offroad": ("SUV", "suv"),
    "bus": ("Bus", "bus"),
}
DECODED_BODY = {  # vPIC body class -> (body, simple_body)
    "Sedan": ("Sedan", "sedan"), "SUV": ("SUV", "suv"), "Coupe": ("Coupe", "coupe"),
    "Convertible": ("Convertible", "convertible"), "Wagon": ("Wagon", "wagon"),
    "Hatchback": ("Hatchback", "hatch"), "Van": ("Van", "van"), "Minivan": ("People Mover", "peopleMover"),
}
FUEL = {"gas": "Petrol", "diesel": "Diesel", "hybrid": "Hybrid", "electric": "Electric"}
DECODED_FUEL = {"Gasoline": "Petrol", "Diesel": "Diesel", "Hybrid": "Hybrid", "Electric": "Electric"}
DRIVE = {"4wd": "4WD", "fwd": "FWD", "rwd": "RWD", "awd": "AWD"}
TRANS = {"automatic": "Automatic", "manual": "Manual"}


def clean_trim(trim: str) -> str:
    t = trim.replace("4-MATIC", "4MATIC").replace("4 MATIC", "4MATIC").replace("-4M", " 4MATIC")
    return re.sub(r"\s+", " ", t).strip()


def load_used_pool() -> list[dict]:
    """Eligible real listings, one per VIN, in file order."""
    decoded = {r["vin"]: r for r in read_csv("vins/craigslist_mercedes_vins_decoded.csv")}
    pool, seen = [], set()
    for r in read_csv("listings/craigslist_mercedes_used_listings.csv"):
        vin, d = r["vin"], decoded.get(r["vin"])
        # rules from the brief
        if r["price_plausible"] != "True" or not r["year"].isdigit():
            continue
        if not VIN_RE.match(vin) or d is None or d["check_digit_valid"] != "True":
            continue
        # demo-realism rules (PROVENANCE.md): what a retail dealer would plausibly list
        if d["decoded_make"] != "Mercedes-Benz" or d["decoded_year"] != r["year"]:
            continue
        if r["title_status"] not in ("clean", "lien", "") or r["condition"] == "salvage":
            continue
        if not r["odometer_mi"].isdigit() or not 100 <= int(r["odometer_mi"]) <= 300000:
            continue
        usd = int(r["price_usd"])
        if usd < 1500 or (int(r["year"]) >= 2010 and usd < 4000):
            continue
        model = d["decoded_model"] if re.match(r"^[A-Z]", d["decoded_model"]) else FAMILY.get(r["model"], "")
        if not model:
            model = d["decoded_model"]
        if not model:
            continue
        if vin in seen:          # reposts: keep the first eligible listing of each VIN
            continue
        seen.add(vin)
        pool.append(used_car(r, d, model))
    return pool


def used_car(r: dict, d: dict, model: str) -> dict:
    body, simple_body = BODY.get(r["type"].lower(), ("", ""))
    if not body:
        body, simple_body = DECODED_BODY.get(d["decoded_body"], ("", ""))
    fuel = FUEL.get(r["fuel"]) or DECODED_FUEL.get(d["decoded_fuel"], "")
    drive = DRIVE.get(r["drive"], "")
    trans = TRANS.get(r["transmission"], "")
    cyl = r["cylinders"] if r["cylinders"].isdigit() else (d["engine_cylinders"] if d["engine_cylinders"].isdigit() else "")
    litres = ""
    if d["engine_displacement_l"] and d["engine_cylinders"] == cyl:      # skip when the VIN and the ad disagree
        litres = f"{float(d['engine_displacement_l']):.1f}"
    return {
        "vin": r["vin"], "year": int(r["year"]), "make": "Mercedes-Benz", "model": model,
        "badge": clean_trim(d["decoded_trim"]), "colour": r["paint_color"].title(),
        "body": body, "simple_body": simple_body, "doors": d["decoded_doors"], "seats": "",
        "fuel": fuel, "simple_fuel": fuel.lower(), "drive": drive, "simple_drive": drive.lower(),
        "trans": trans, "simple_transmission": trans.lower(), "geartype": "", "gearnum": "",
        "cylinders": cyl, "engine_size_litres": litres, "induction": "", "fuelconsumptioncombined": "",
        "km": miles_to_km(r["odometer_mi"]), "price": retail(usd_to_aud(r["price_usd"])),
        "_listing_id": r["listing_id"],
    }


# ---------------------------------------------------------------------------------------------
# new and demo stock: real EPA 2021 catalogue (+ gtcars MSRP where the same car is listed)

EPA_DIVISION = {"Mercedes-Benz": "Mercedes-Benz", "TOYOTA": "Toyota", "Honda": "Honda",
                "HYUNDAI MOTOR COMPANY": "Hyundai", "Ford": "Ford", "BMW": "BMW"}
EPA_DRIVE = {"All Wheel Drive": "AWD", "2-Wheel Drive, Rear": "RWD", "2-Wheel Drive, Front": "FWD",
             "4-Wheel Drive": "4WD", "Part-time 4-Wheel Drive": "4WD"}
EPA_GEARTYPE = {
    "Semi-Automatic": "Sports Automatic", "Automatic": "Automatic", "Manual": "Manual",
    "Automated Manual": "Automated Manual",
    "Automated Manual- Selectable (e.g. Automated Manual with paddles)": "Automated Manual",
    "Continuously Variable": "Constant Variable",
    "Selectable Continuously Variable (e.g. CVT with paddles)": "Constant Variable",
}
BODY_SIMPLE = {"Sedan": "sedan", "SUV": "suv", "Coupe": "coupe", "Convertible": "convertible",
               "Wagon": "wagon", "Hatchback": "hatch", "Van": "van", "Ute": "ute",
               "People Mover": "peopleMover", "Bus": "bus"}
# model names for the EPA's (often upper-case) carlines of the mass-market makes
MODEL_NAMES = {
    "SUPRA": "Supra", "C-HR": "C-HR", "COROLLA": "Corolla", "AVALON": "Avalon", "CAMRY": "Camry",
    "PRIUS": "Prius", "TACOMA": "Tacoma", "TUNDRA": "Tundra", "SIENNA": "Sienna",
    "HIGHLANDER": "Highlander", "RAV4": "RAV4", "VENZA": "Venza", "4RUNNER": "4Runner",
    "SEQUOIA": "Sequoia", "LAND CRUISER": "LandCruiser",
    "INSIGHT": "Insight", "CIVIC": "Civic", "ACCORD": "Accord", "HR-V": "HR-V", "RIDGELINE": "Ridgeline",
    "ODYSSEY": "Odyssey", "CR-V": "CR-V", "PASSPORT": "Passport", "PILOT": "Pilot",
    "ACCENT": "Accent", "VELOSTER": "Veloster", "ELANTRA": "Elantra", "VENUE": "Venue", "IONIQ": "Ioniq",
    "SONATA": "Sonata", "KONA": "Kona", "SANTA FE": "Santa Fe", "TUCSON": "Tucson", "PALISADE": "Palisade",
    "FORD GT": "GT", "MUSTANG": "Mustang", "SHELBY GT500 MUSTANG": "Mustang", "F150": "F-150",
    "RANGER": "Ranger", "TRANSIT CONNECT": "Transit Connect", "TRANSIT": "Transit", "ECOSPORT": "EcoSport",
    "EDGE": "Edge", "ESCAPE": "Escape", "BRONCO SPORT": "Bronco Sport", "EXPEDITION": "Expedition",
    "EXPLORER": "Explorer",
}
SUV_MODELS = {"C-HR", "Highlander", "RAV4", "Venza", "4Runner", "Sequoia", "LandCruiser", "HR-V", "CR-V",
              "Passport", "Pilot", "Venue", "Kona", "Santa Fe", "Tucson", "Palisade", "EcoSport", "Edge",
              "Escape", "Bronco Sport", "Expedition", "Explorer"}
HATCH_MODELS = {"Prius", "Ioniq", "Veloster"}
HYBRID_MODELS = {"Prius", "Insight", "Ioniq"}
BADGE_WORDS = {"D-CAB": "Double Cab", "TRD-ORP/PRO": "TRD Off-Road/Pro", "HEV": "Hybrid", "SHELBY": "Shelby"}
DRIVE_TOKENS = {"2WD", "4WD", "AWD", "FWD", "RWD"}


def badge_word(tok: str) -> str:
    if tok.upper() in BADGE_WORDS:
        return BADGE_WORDS[tok.upper()]
    if tok.isupper() and (len(tok) <= 3 or any(c.isdigit() for c in tok) or
                          ("/" in tok and all(len(p) <= 3 for p in tok.split("/")))):
        return tok
    if tok.isupper():
        return "/".join(p.capitalize() for p in tok.split("/"))
    return tok


def split_generic(carline: str, cls: str) -> tuple[str, str, str, str]:
    """(model, badge, body, doors) from a mass-market EPA carline such as 'CAMRY HYBRID LE'."""
    up = carline.upper()
    key = max((k for k in MODEL_NAMES if up == k or up.startswith(k + " ")), key=len)
    model = MODEL_NAMES[key]
    rest = carline.split()[len(key.split()):]
    badge, body, doors = [], "", ""
    if key == "SHELBY GT500 MUSTANG":
        badge = ["Shelby", "GT500"]
        rest = []
    for tok in rest:
        u = tok.upper()
        if u in DRIVE_TOKENS or u in ("MANUAL", "MT", "PICKUP"):
            continue
        if u == "HATCHBACK":
            body = "Hatchback"
        elif u in ("CONVERTIBLE", "COUPE"):
            body = u.capitalize()
        elif u == "WAGON":
            body = "SUV" if model in SUV_MODELS else "People Mover"     # LandCruiser wagon vs Transit wagon
        elif u == "VAN":
            body = "Van"
        elif u == "4DR":
            body, doors = "Sedan", "4"
        elif u == "5DR":
            body, doors = "Hatchback", "5"
        elif u == "HYBRID" or u == "HEV":
            badge.append("Hybrid")
        else:
            badge.append(badge_word(tok))
    if not body:
        if model in SUV_MODELS:
            body = "SUV"
        elif "Pick-up" in cls:
            body = "Ute"
        elif "minivan" in cls:
            body = "People Mover"
        elif model in HATCH_MODELS:
            body = "Hatchback"
        elif cls == "Two Seaters" or model in ("Mustang", "GT"):
            body = "Coupe"
        else:
            body = "Sedan"
    return model, " ".join(badge), body, doors


def split_mercedes(carline: str, cls: str) -> tuple[str, str, str, str] | None:
    qual = re.search(r"\(([^)]*)\)", carline)
    q = qual.group(1).lower() if qual else ""
    if "cargo" in q:
        return None                      # cargo vans are not sold by a passenger-car showroom
    base = re.sub(r"\s*\([^)]*\)", "", carline).strip()
    if base.startswith("Metris"):
        return "Metris", "", "People Mover", ""
    core = base[4:] if base.startswith("AMG ") else base
    letters = re.match(r"[A-Z]+", core).group(0)
    if letters == "GT":
        model, badge = "AMG GT", base[len("AMG GT"):].strip()
    else:
        model, badge = f"{letters}-Class", base
    if "coupe" in q:
        body = "Coupe"
    elif "convertible" in q or "roadster" in q:
        body = "Convertible"
    elif q in ("sw", "wagon"):
        body = "Wagon"
    elif letters in ("GLA", "GLB", "GLC", "GLE", "GLS", "G"):
        body = "SUV"
    elif cls == "Two Seaters":
        body = "Coupe"
    else:
        body = "Sedan"
    return model, badge, body, ""


def split_bmw(carline: str, cls: str) -> tuple[str, str, str, str]:
    toks = carline.split()
    t0 = toks[0]
    if t0.upper() == "ALPINA":
        model, rest = "Alpina " + toks[1], toks[2:]
    elif re.fullmatch(r"[XZM]\d", t0):
        model, rest = t0, toks[1:]
    else:
        series = re.search(r"\d", t0).group(0)       # 330i -> 3 Series, M850i -> 8 Series
        model, rest = f"{series} Series", toks
    body = ""
    if "Gran" in rest:
        body = "Sedan"                   # Gran Coupe: four doors; the name stays in the badge
    elif "Coupe" in rest:
        body, rest = "Coupe", [t for t in rest if t != "Coupe"]
    elif "Convertible" in rest:
        body, rest = "Convertible", [t for t in rest if t != "Convertible"]
    elif model.startswith("X") or model.startswith("Alpina X"):
        body = "SUV"
    elif model == "Z4":
        body = "Convertible"
    else:
        body = "Sedan"
    return model, " ".join(rest), body, ""


# Illustrative Australian list price (AUD) of the entry version of each model, used when gtcars has
# no MSRP for the car. EPA size classes are by interior volume (an S-Class coupe is "Compact"),
# so the price is set per model, then adjusted by the modifiers in synthesised_price().
MODEL_BASE = {
    "Mercedes-Benz": {"A-Class": 50000, "CLA-Class": 60000, "C-Class": 70000, "E-Class": 95000,
                      "CLS-Class": 125000, "S-Class": 260000, "GLA-Class": 60000, "GLB-Class": 65000,
                      "GLC-Class": 80000, "GLE-Class": 115000, "GLS-Class": 160000, "G-Class": 250000,
                      "AMG GT": 230000, "Metris": 70000},
    "BMW": {"2 Series": 55000, "3 Series": 75000, "4 Series": 80000, "5 Series": 100000, "7 Series": 200000,
            "8 Series": 200000, "M2": 110000, "M3": 150000, "M4": 155000, "M5": 200000, "M8": 300000,
            "X1": 60000, "X2": 65000, "X3": 80000, "X4": 90000, "X5": 125000, "X6": 140000, "X7": 170000,
            "Z4": 100000, "Alpina B7": 300000, "Alpina XB7": 280000},
    "Toyota": {"Supra": 85000, "C-HR": 33000, "Corolla": 30000, "Avalon": 50000, "Camry": 36000,
               "Prius": 40000, "Tacoma": 60000, "Tundra": 130000, "Sienna": 70000, "Highlander": 58000,
               "RAV4": 38000, "Venza": 55000, "4Runner": 75000, "Sequoia": 110000, "LandCruiser": 95000},
    "Honda": {"Insight": 40000, "Civic": 35000, "Accord": 48000, "HR-V": 33000, "Ridgeline": 70000,
              "Odyssey": 55000, "CR-V": 40000, "Passport": 58000, "Pilot": 65000},
    "Hyundai": {"Accent": 24000, "Veloster": 35000, "Elantra": 30000, "Venue": 26000, "Ioniq": 38000,
                "Sonata": 42000, "Kona": 32000, "Santa Fe": 50000, "Tucson": 38000, "Palisade": 65000},
    "Ford": {"GT": 700000, "Mustang": 65000, "F-150": 110000, "Ranger": 55000, "Transit": 75000,
             "Transit Connect": 45000, "EcoSport": 30000, "Edge": 50000, "Escape": 38000,
             "Bronco Sport": 48000, "Expedition": 110000, "Explorer": 75000},
}
MIN_LITRES: dict[tuple[str, str], Decimal] = {}     # filled by load_catalogue(): smallest engine per model
PERFORMANCE = re.compile(r"(^|\s)(AMG|M\d{3}i|M\d0i|M35i|M)(\s|$)|Mach 1|Shelby|TRD|\bN\b")


def synthesised_price(make: str, model: str, badge: str, body: str, drive: str, litres: str, fuel: str) -> int:
    p = Decimal(MODEL_BASE[make][model])
    p *= 1 + Decimal("0.15") * (Decimal(litres) - MIN_LITRES[(make, model)])   # +15% per litre over the smallest engine
    if PERFORMANCE.search(badge) and model not in ("AMG GT", "M2", "M3", "M4", "M5", "M8"):
        p *= Decimal("1.35")                                                   # AMG / M / performance versions
    if "Competition" in badge or re.search(r"\b63\b", badge):
        p *= Decimal("1.10")
    if "Maybach" in badge:
        p *= Decimal("1.60")
    if "Black Series" in badge:
        p *= Decimal("2.20")
    if body == "Convertible":
        p *= Decimal("1.08")
    if drive in ("AWD", "4WD"):
        p += 3000
    if fuel == "Hybrid":
        p += 3500
    return retail(half_up(p, 10))


def load_catalogue() -> dict[str, list[dict]]:
    """EPA 2021 rows of the demo makes as new-car catalogue entries, by make."""
    gt = {}
    for g in read_csv("catalogue/gtcars_2014_2017.csv"):
        body = {"coupe": "Coupe", "convertible": "Convertible", "sedan": "Sedan", "hatchback": "Hatchback"}[g["bdy_style"]]
        gt[(g["mfr"], g["model"], body)] = g
    out: dict[str, list[dict]] = {}
    for r in read_csv("catalogue/epa_fuel_economy_my2021.csv"):
        make = EPA_DIVISION.get(r["division"])
        if not make:
            continue
        if "INCOMPLETE" in r["carline"] or "USPS" in r["carline"] or "cab chassis" in r["class"]:
            continue                                                      # not retail passenger cars
        if make == "Mercedes-Benz":
            split = split_mercedes(r["carline"], r["class"])
        elif make == "BMW":
            split = split_bmw(r["carline"], r["class"])
        else:
            split = split_generic(r["carline"], r["class"])
        if split is None:
            continue
        model, badge, body, doors = split
        up = r["carline"].upper()
        if r["fuel_usage_desc"].startswith("Diesel"):
            fuel = "Diesel"
        elif "HYBRID" in up or "HEV" in up.split() or model in HYBRID_MODELS or int(r["comb_mpg"]) >= 40:
            fuel = "Hybrid"
        else:
            fuel = "Petrol"
        drive = EPA_DRIVE[r["drive_desc"]]
        trans = "Manual" if r["transmission_desc"] == "Manual" else "Automatic"
        geartype = EPA_GEARTYPE[r["transmission_desc"]]
        gearnum = "" if geartype == "Constant Variable" else r["no_gears"]
        key = (make, model)
        MIN_LITRES[key] = min(MIN_LITRES.get(key, Decimal(99)), Decimal(r["engine_displacement"]))
        out.setdefault(make, []).append({
            "year": int(r["model_yr"]), "make": make, "model": model, "badge": badge,
            "body": body, "simple_body": BODY_SIMPLE[body], "doors": doors,
            "seats": "2" if r["class"] == "Two Seaters" else "",
            "fuel": fuel, "simple_fuel": fuel.lower(), "drive": drive, "simple_drive": drive.lower(),
            "trans": trans, "simple_transmission": trans.lower(), "geartype": geartype, "gearnum": gearnum,
            "cylinders": r["no_cylinders"], "engine_size_litres": f"{float(r['engine_displacement']):.1f}",
            "induction": "" if r["air_aspir_method_desc"] == "Other" else r["air_aspir_method_desc"],
            "fuelconsumptioncombined": f"{235.215 / int(r['comb_mpg']):.1f}",
            "_carline": r["carline"],
        })
    for make, cars in out.items():
        for car in cars:
            # gtcars MSRP (USD) only for the same make, model and body in its base version (no badge)
            g = gt.get((make, car["model"], car["body"])) if not car["badge"] else None
            if g:
                car["price"], car["_price_source"] = retail(usd_to_aud(g["msrp"])), "gtcars msrp"
            else:
                car["price"], car["_price_source"] = synthesised_price(
                    make, car["model"], car["badge"], car["body"], car["drive"], car["engine_size_litres"], car["fuel"]), "model rule"
    return out


# ---------------------------------------------------------------------------------------------
# IM im5 / im6 (from the spec, docs/features/locations-forms-marketing.md §3; prices illustrative)

IM_VARIANTS = [  # id, model, badge, body, doors, drive, illustrative drive-away price AUD
    ("im5-premium", "IM5", "Premium", "Sedan", "4", "RWD", 59990),
    ("im5-platinum", "IM5", "Platinum", "Sedan", "4", "RWD", 66990),
    ("im5-performance", "IM5", "Performance", "Sedan", "4", "AWD", 76990),
    ("im6-premium", "IM6", "Premium", "SUV", "5", "RWD", 67990),
    ("im6-platinum", "IM6", "Platinum", "SUV", "5", "RWD", 74990),
    ("im6-performance", "IM6", "Performance", "SUV", "5", "AWD", 84990),
]
IM_COLOURS = ["Ares Black", "Nevis Blue", "Rembrandt Grey", "Raphael Beige", "Athena White"]


def im_car(v: tuple) -> dict:
    _id, model, badge, body, doors, drive, price = v
    return {
        "year": 2026, "make": "IM", "model": model, "badge": badge, "body": body,
        "simple_body": BODY_SIMPLE[body], "doors": doors, "seats": "5",
        "fuel": "Electric", "simple_fuel": "electric", "drive": drive, "simple_drive": drive.lower(),
        "trans": "Automatic", "simple_transmission": "automatic", "geartype": "Reduction Gear", "gearnum": "1",
        "cylinders": "", "engine_size_litres": "", "induction": "", "fuelconsumptioncombined": "",
        "price": price,
    }


# ---------------------------------------------------------------------------------------------
# synthesised per-car fields

COLOURS = ["White", "Black", "Silver", "Grey", "Blue", "Red"]
COLOUR_WEIGHTS = [30, 22, 15, 18, 10, 5]


class Tenant:
    def __init__(self, slug: str, prefix: str, rng: random.Random, size: int):
        self.slug, self.prefix, self.rng = slug, prefix, rng
        cfg = tomllib.loads((TENANTS / slug / "tenant.toml").read_text(encoding="utf-8"))
        self.dealers = {d["slug"]: d for d in cfg["dealerships"]}
        self.sales: dict[str, list[dict]] = {}
        for loc in cfg["locations"]:
            if loc.get("location_type", "") in ("sales", "") and loc.get("visible", True) and not loc.get("upcoming", False):
                self.sales.setdefault(loc["dealership"], []).append(loc)
        self.numbers = iter(rng.sample(range(10000, 100000), size))
        self.rows: dict[str, list[dict]] = {"new": [], "demo": [], "used": []}

    def add(self, car: dict, car_type: str, dealership: str, location: dict, price_type: str):
        rng = self.rng
        car = {k: v for k, v in car.items() if not k.startswith("_")}
        car["stocknum"] = f"{self.prefix}{next(self.numbers)}"
        car["car_type"] = car_type
        if car_type == "new":
            car["km"] = rng.randint(0, 30)
        elif car_type == "demo":
            car["km"] = rng.randint(500, 12000)
            car["price"] = retail(int(car["price"] * rng.uniform(0.88, 0.95)))
        if car_type != "used" and not car.get("colour"):      # no colour is invented for used cars
            car["colour"] = rng.choices(COLOURS, COLOUR_WEIGHTS)[0]
        x = rng.random()
        status = "in_stock" if x < 0.85 else ("coming_soon" if x < 0.93 else "sold")
        car["status"] = status
        if status == "sold":
            sold = NOW - dt.timedelta(minutes=rng.randint(1 * 1440, 10 * 1440))
            created = CREATED_FROM + dt.timedelta(minutes=rng.randint(0, int((sold - CREATED_FROM).total_seconds() // 60) - 1440))
            car["sold_at"] = iso(sold)
        else:
            created = CREATED_FROM + dt.timedelta(minutes=rng.randint(0, int((NOW - CREATED_FROM).total_seconds() // 60) - 1))
            car["sold_at"] = ""
        car["created_at"] = iso(created)
        tag, reserved = "", False
        if status == "in_stock":
            y = rng.random()
            if car_type == "demo" and y < 0.15:
                tag = "Test Drive Only"
            elif car_type == "new" and y < 0.04:
                tag = "Run-Out Sale"
            elif y > 0.97:
                reserved = True
        car["tag"], car["reserved"] = tag, "true" if reserved else "false"
        car["show_on_dealer_website"] = "false" if rng.random() < 0.01 else "true"
        car["price_type"] = price_type
        car["dealership_slug"], car["location_slug"] = dealership, location["slug"]
        car["dealercomments"] = comment(car, location["name"])
        car["image_urls"] = ""
        self.rows[car_type].append(car)

    def location_for(self, dealership: str, weights: list[int] | None = None) -> dict:
        locs = self.sales[dealership]
        return self.rng.choices(locs, weights)[0] if weights else self.rng.choice(locs)

    def write(self):
        out_dir = TENANTS / self.slug / "stock"
        out_dir.mkdir(parents=True, exist_ok=True)
        counts = {}
        for car_type, rows in self.rows.items():
            if not rows:
                continue
            rows.sort(key=lambda c: c["stocknum"])
            with open(out_dir / f"{car_type}.csv", "w", newline="", encoding="utf-8") as f:
                w = csv.DictWriter(f, COLUMNS, lineterminator="\n", extrasaction="raise")
                w.writeheader()
                for c in rows:
                    c.update(demo_media(self.slug, c))
                    w.writerow({k: c.get(k, "") for k in COLUMNS})
            counts[car_type] = len(rows)
        return counts


def demo_media(tenant: str, car: dict) -> dict:
    """The car's illustration URLs (build_demo_media.py draws them; served from the host image
    endpoint as /img/illustrations/...). Decided by a hash of the stock number, not the random
    stream, so stock data does not move: about 1 in 12 used cars has no photos yet (the card shows
    the body-type placeholder). The EV tenant's sedans and SUVs also get 24 spin frames, the
    interior panorama and two exterior hotspots."""
    from build_demo_media import BODY_SHAPE, GALLERY_ANGLES, SPIN_FRAMES, colour_key
    h = int(hashlib.sha256(car["stocknum"].encode()).hexdigest()[:8], 16)
    out = {"image_urls": "", "spin_images": "", "spin_interior_image": "", "hotspots": ""}
    shape = BODY_SHAPE.get((car.get("simple_body") or "").lower())
    if shape is None or (car["car_type"] == "used" and h % 12 == 0):
        return out
    colour = colour_key(car.get("colour") or "")
    base = "/img/illustrations"
    gallery = [f"{base}/{shape}-{colour}-{a}.png" for a in GALLERY_ANGLES]
    out["image_urls"] = "|".join(gallery + [f"{base}/interior.png", f"{base}/wheel.png"])
    spin_colours = ("black", "white", "grey", "blue", "beige")
    if tenant == "im-motors-au" and shape in ("sedan", "suv") and colour in spin_colours:
        out["spin_images"] = "|".join(f"{base}/spin-{shape}-{colour}-{i:02d}.png" for i in range(SPIN_FRAMES))
        out["spin_interior_image"] = f"{base}/interior.png"
        out["hotspots"] = json.dumps({
            "exterior": [{"id": "charge-port", "description": "Charge port: DC fast charging"},
                         {"id": "wheels", "description": "Aero alloy wheels"}],
            "interior": [{"id": "screen", "description": "Centre touch screen"}],
            "positions": {
                "charge-port": [{"hotspotId": "charge-port", "activeAngle": a, "posX": 22, "posY": 48} for a in (5, 6, 7)],
                "wheels": [{"hotspotId": "wheels", "activeAngle": a, "posX": 68, "posY": 70} for a in (5, 6, 7)],
                "screen": [{"hotspotId": "screen", "activeAngle": 0, "posX": 52, "posY": 60}],
            },
        }, separators=(",", ":"))
    return out


def comment(car: dict, where: str) -> str:
    if car["car_type"] == "new":
        return (f"New {car['make']} {car['model']} at {where}. Please contact our new-vehicle team to confirm "
                f"specifications, colour and delivery timing.")
    if car["car_type"] == "demo":
        return (f"Demonstrator {car['make']} {car['model']} at {where}. Contact us for the full specification "
                f"and to arrange a test drive.")
    return (f"Pre-owned {car['make']} {car['model']} at {where}. Test drives and independent inspections are "
            f"welcome; please contact us to confirm availability.")


# ---------------------------------------------------------------------------------------------


def main():
    rng = random.Random(SEED)
    used_pool = load_used_pool()
    catalogue = load_catalogue()
    order = list(range(len(used_pool)))
    rng.shuffle(order)
    taken: set[int] = set()

    def take_used(n: int, min_year: int) -> list[dict]:
        picked = []
        for i in order:
            if i not in taken and used_pool[i]["year"] >= min_year:
                taken.add(i)
                picked.append(used_pool[i])
                if len(picked) == n:
                    break
        return picked

    results = {}

    # a. harbourside-mercedes: ~120 new, ~20 demo (EPA 2021 Mercedes-Benz), ~250 used
    t = Tenant("harbourside-mercedes", "HM", rng, 400)
    dealer = "harbourside-mercedes-benz"
    for _ in range(120):
        t.add(rng.choice(catalogue["Mercedes-Benz"]), "new", dealer, t.location_for(dealer), "Drive Away")
    for _ in range(20):
        t.add(rng.choice(catalogue["Mercedes-Benz"]), "demo", dealer, t.location_for(dealer), "Drive Away")
    for car in take_used(250, 2013):
        t.add(car, "used", dealer, t.location_for(dealer), "Excl. Gov. Charges")
    results[t.slug] = t.write()

    # b. southern-cross-motor-group: per franchised dealership 40 new + 6 demo of its make, 160 used
    t = Tenant("southern-cross-motor-group", "SC", rng, 400)
    make_of = {"toyota": "Toyota", "honda": "Honda", "hyundai": "Hyundai", "ford": "Ford", "bmw": "BMW"}
    dealers = list(t.dealers)
    for d in dealers:
        make = make_of[t.dealers[d]["manufacturer"]]
        for _ in range(40):
            t.add(rng.choice(catalogue[make]), "new", d, t.location_for(d), "Drive Away")
        for _ in range(6):
            t.add(rng.choice(catalogue[make]), "demo", d, t.location_for(d), "Drive Away")
    for i, car in enumerate(take_used(160, 2008)):
        d = dealers[i % len(dealers)]
        t.add(car, "used", d, t.location_for(d), "Drive Away")
    results[t.slug] = t.write()

    # c. drive-depot: ~600 used, Brisbane 60% / Gold Coast 40%
    t = Tenant("drive-depot", "DD", rng, 700)
    for car in take_used(600, 1900):
        t.add(car, "used", "drive-depot", t.location_for("drive-depot", [60, 40]), "Drive Away")
    results[t.slug] = t.write()

    # d. im-motors-au: 48 new + 12 demo of the six im5/im6 variants
    t = Tenant("im-motors-au", "IM", rng, 100)
    for i in range(48):
        car = im_car(IM_VARIANTS[i % 6])
        car["colour"] = IM_COLOURS[rng.randrange(5)]
        t.add(car, "new", "voltline-im", t.location_for("voltline-im", [55, 45]), "Drive Away")
    for i in range(12):
        car = im_car(IM_VARIANTS[i % 6])
        car["colour"] = IM_COLOURS[rng.randrange(5)]
        car["year"] = 2025 if i % 3 == 0 else 2026
        t.add(car, "demo", "voltline-im", t.location_for("voltline-im", [55, 45]), "Drive Away")
    results[t.slug] = t.write()

    print(f"eligible real used listings (one per VIN): {len(used_pool)}")
    for slug, counts in results.items():
        print(slug, counts)


if __name__ == "__main__":
    main()
