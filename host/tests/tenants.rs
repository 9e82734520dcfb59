//! Tenant files: the demo tenants load; an invalid file names the file, the key and the reason.

mod common;

use common::{repo_tenants_dir, tenant_toml};
use forecourt_host::tenant::{TenantError, TenantRegistry};

#[test]
fn demo_tenants_load_with_different_templates() {
    let reg = TenantRegistry::load_dir(&repo_tenants_dir()).expect("demo tenants are valid");
    let all: Vec<_> = reg.iter().collect();
    let templates: std::collections::BTreeSet<&str> = all.iter().map(|t| t.config.template.as_str()).collect();
    assert!(reg.iter().count() >= 4);
    assert!(templates.len() >= 4, "{templates:?}");
    for t in reg.iter() {
        assert!(!t.config.locations.is_empty(), "{} has locations", t.slug());
        assert!(!t.config.stock.feeds.is_empty(), "{} has stock", t.slug());
        assert!(reg.by_host(&format!("{}.localhost", t.slug())).is_some());
        for h in &t.config.hosts {
            assert_eq!(reg.by_host(h).unwrap().slug(), t.slug());
        }
    }
    // The multi-brand group has several dealerships and locations.
    assert!(reg.iter().any(|t| t.config.dealerships.len() >= 3 && t.config.locations.len() >= 6));
}

#[test]
fn host_resolution_ignores_port_case_and_trailing_dot() {
    let (_d, reg) = common::write_tenants(&[("alpha", tenant_toml("alpha"))]);
    for host in ["alpha.localhost", "ALPHA.localhost:8080", "alpha.localhost.", "alpha.localhost.:80"] {
        assert_eq!(reg.by_host(host).map(|t| t.slug().to_string()).as_deref(), Some("alpha"), "{host}");
    }
    assert!(reg.by_host("beta.localhost").is_none());
    assert!(reg.by_host("localhost").is_none());
    assert!(reg.by_host("").is_none());
}

fn load_err(toml: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("alpha")).unwrap();
    std::fs::write(dir.path().join("alpha/tenant.toml"), toml).unwrap();
    match TenantRegistry::load_dir(dir.path()) {
        Ok(_) => panic!("expected an error for:\n{toml}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn invalid_files_name_file_key_and_reason() {
    let base = tenant_toml("alpha");
    let cases: Vec<(String, &str, &str)> = vec![
        (
            base.replace("template = \"classic\"", "template = \"classic\"\ncolour = \"red\""),
            "colour",
            "unknown field",
        ),
        (
            base.replace("dealership = \"alpha-dealer\"\nprimary", "dealership = \"nope\"\nprimary"),
            "locations.0.dealership",
            "no dealership `nope`",
        ),
        (
            base.replacen("postcode = \"4000\"", "postcode = \"400\"", 1),
            "locations.0.address.postcode",
            "4 digits",
        ),
        (
            base.replace("close = \"17:30\"", "close = \"07:30\""),
            "locations.0.opening_hours.0.close",
            "later than",
        ),
        (
            base.replace("weekday = 1", "weekday = 7"),
            "locations.0.opening_hours.0.weekday",
            "0 (Sunday)",
        ),
        (
            base.replace("status = \"Closed\"", "status = \"Shut\""),
            "locations.0.special_hours.0.status",
            "Open or Closed",
        ),
        (base.replace("slug = \"alpha\"", "slug = \"beta\""), "slug", "folder name"),
        (
            base.replace(
                "state = \"QLD\"\n[[locations]]",
                "state = \"QLD\"\n[dealerships.config]\ninclude_sold_cars_days = \"three\"\n[[locations]]",
            ),
            "include_sold_cars_days",
            "invalid type",
        ),
        (
            base.replace("lat = -27.46794", "lat = 51.5")
                .replacen("lat = 51.5", "lat = -27.46794", 0),
            "address.lat",
            "Australian latitude",
        ),
        (base.clone() + "\n[stock]\nfilter_level = 15\n", "stock.filter_level", "0 and 14"),
        (
            base.clone() + "\n[finance]\nlink = \"//evil.example/finance\"\n",
            "finance.link",
            "must be a site path",
        ),
        (
            base.clone() + "\n[search]\npage_size = 0\n",
            "search.page_size",
            "between 1 and 100",
        ),
        (
            base.clone() + "\n[search]\ncard_buttons = [\"details\", \"buy\"]\n",
            "search.card_buttons.1",
            "is not one of",
        ),
        (
            base.clone() + "\n[[search.promos]]\nid = \"p\"\nposition = 0\n",
            "search.promos.0.position",
            "1-based",
        ),
        (
            base.clone() + "\n[[search.promos]]\nid = \"p\"\nposition = 3\nstart = 20\nexpiry = 10\n",
            "search.promos.0.expiry",
            "after start",
        ),
        (
            base.clone() + "\n[[search.promos]]\nid = \"p\"\nposition = 3\ndisplay = [\"old\"]\n",
            "search.promos.0.display",
            "not new, demo or used",
        ),
        (base.clone() + "\n[vdp]\nreserve_deposit = -5\n", "vdp.reserve_deposit", "0 or more"),
        (
            base.clone() + "\n[vdp]\nspin_default_tab = \"video\"\n",
            "spin_default_tab",
            "unknown variant",
        ),
        (
            base.clone() + "\n[[stock.feeds]]\npath = \"missing.csv\"\nformat = \"csv\"\n",
            "stock.feeds.0.path",
            "does not exist",
        ),
        (
            base.replace(
                "template = \"classic\"",
                "template = \"classic\"\n[phones]\nvintage = \"07 5550 0000\"",
            ),
            "phones.vintage",
            "new, used or demo",
        ),
        (
            base.replace("template = \"classic\"", "template = \"classic\"\n[theme]\nradius_px = 60"),
            "theme.radius_px",
            "0 and 48",
        ),
        (
            base.replace(
                "template = \"classic\"",
                "template = \"classic\"\n[theme]\nprimary = \"red;}body{display:none\"",
            ),
            "theme.primary",
            "plain CSS value",
        ),
        (
            base.replace("template = \"classic\"", "template = \"classic\"\n[theme]\nprimery = \"red\""),
            "primery",
            "unknown field",
        ),
    ];
    for (toml, key, reason) in cases {
        let err = load_err(&toml);
        assert!(
            err.contains("alpha/tenant.toml") || err.contains("alpha\\tenant.toml"),
            "names the file: {err}"
        );
        assert!(err.contains(key), "names `{key}`: {err}");
        assert!(err.contains(reason), "says `{reason}`: {err}");
    }
}

#[test]
fn two_tenants_cannot_claim_one_host() {
    let a = tenant_toml("alpha").replace("template = \"classic\"", "template = \"classic\"\nhosts = [\"shared.example\"]");
    let b = tenant_toml("beta").replace("template = \"classic\"", "template = \"classic\"\nhosts = [\"Shared.example\"]");
    let dir = tempfile::tempdir().unwrap();
    for (s, t) in [("alpha", a), ("beta", b)] {
        std::fs::create_dir_all(dir.path().join(s)).unwrap();
        std::fs::write(dir.path().join(s).join("tenant.toml"), t).unwrap();
    }
    let err = TenantRegistry::load_dir(dir.path()).unwrap_err();
    assert!(matches!(err, TenantError::Invalid { .. }));
    let msg = err.to_string();
    assert!(
        msg.contains("beta") && msg.contains("hosts.0") && msg.contains("already claimed by tenant `alpha`"),
        "{msg}"
    );
}

#[test]
fn folders_starting_with_underscore_are_not_tenants() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("_sources")).unwrap();
    std::fs::write(dir.path().join("_sources/tenant.toml"), "garbage = ").unwrap();
    std::fs::create_dir_all(dir.path().join("alpha")).unwrap();
    std::fs::write(dir.path().join("alpha/tenant.toml"), tenant_toml("alpha")).unwrap();
    let reg = TenantRegistry::load_dir(dir.path()).unwrap();
    assert_eq!(reg.iter().map(|t| t.slug().to_string()).collect::<Vec<_>>(), vec!["alpha"]);
}

/// A tenant folder names only its own variables for secrets (docs/operations.md "Tenants'
/// secrets"): the host's (`FORECOURT_ADMIN_TOKEN`), a neighbour's (`BETA__KEY`) or one a longer
/// slug owns are refused at load, naming the field, for every setting that reads a secret; the
/// tenant's own (`ALPHA__...`) loads.
#[test]
fn a_tenant_names_only_its_own_variables_for_its_secrets() {
    let base = tenant_toml("alpha");
    let origin = "https://lender.example";
    type Section = Box<dyn Fn(&str) -> String>;
    let fields: Vec<(&str, Section)> = vec![
        (
            "plugins.0.capabilities.http.credentials.0.value_env",
            Box::new(move |v| common::lender_standard(origin, "quote_url", "/quote", Some(v))),
        ),
        (
            "stock.feeds.0.credentials.0.value_env",
            Box::new(|v| {
                format!(
                    "[[stock.feeds]]\nurl = \"https://dms.example/stock.csv\"\nformat = \"csv\"\n[[stock.feeds.credentials]]\nheader = \"X-Api-Key\"\nvalue_env = \"{v}\"\n"
                )
            }),
        ),
        (
            "leads.webhook_secret_env",
            Box::new(|v| format!("[leads]\nwebhook_url = \"https://crm.example/leads\"\nwebhook_secret_env = \"{v}\"\n")),
        ),
        (
            "payments.secret_key_env",
            Box::new(|v| format!("[payments]\nprovider = \"stripe\"\nsecret_key_env = \"{v}\"\nwebhook_secret_env = \"ALPHA__WHSEC\"\n")),
        ),
        (
            "payments.webhook_secret_env",
            Box::new(|v| format!("[payments]\nprovider = \"stripe\"\nsecret_key_env = \"ALPHA__KEY\"\nwebhook_secret_env = \"{v}\"\n")),
        ),
        (
            "syndication.token_env",
            Box::new(|v| format!("site_url = \"https://www.alpha.example\"\n[syndication]\ntoken_env = \"{v}\"\n")),
        ),
    ];
    for (field, section) in &fields {
        // site_url is a top-level key: it goes before the first table.
        let toml = |v: &str| {
            let s = section(v);
            match s.strip_prefix("site_url = \"https://www.alpha.example\"\n") {
                Some(rest) => format!("site_url = \"https://www.alpha.example\"\n{base}\n{rest}"),
                None => format!("{base}\n{s}"),
            }
        };
        for var in ["FORECOURT_ADMIN_TOKEN", "BETA__KEY", "ALPHA_KEY", "ALPHA__", "ALPHA__lower", "HOME"] {
            let err = load_err(&toml(var));
            assert!(err.contains(field) && err.contains("`ALPHA__`"), "{var} as {field}: {err}");
        }
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("alpha")).unwrap();
        std::fs::write(dir.path().join("alpha/tenant.toml"), toml("ALPHA__SECRET_1")).unwrap();
        if let Err(e) = TenantRegistry::load_dir(dir.path()) {
            panic!("its own variable as {field}: {e}");
        }
    }
    // No tenant's prefix starts another's: `acme` cannot read `acme-motors`' variables, and the
    // slugs that would make prefixes overlap (`--`, a dash at either end) are refused.
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("acme")).unwrap();
    std::fs::write(
        dir.path().join("acme/tenant.toml"),
        format!(
            "{}\n{}",
            tenant_toml("acme"),
            common::lender_standard(origin, "quote_url", "/quote", Some("ACME_MOTORS__LENDER_TOKEN"))
        ),
    )
    .unwrap();
    let err = TenantRegistry::load_dir(dir.path()).unwrap_err().to_string();
    assert!(err.contains("value_env") && err.contains("`ACME__`"), "{err}");
    for slug in ["acme--motors", "acme-", "-acme"] {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join(slug)).unwrap();
        std::fs::write(dir.path().join(slug).join("tenant.toml"), tenant_toml(slug)).unwrap();
        let err = TenantRegistry::load_dir(dir.path()).unwrap_err().to_string();
        assert!(err.contains("slug") && err.contains("single dashes"), "{slug}: {err}");
    }
}
