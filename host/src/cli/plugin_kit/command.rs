//! The `forecourt plugin` subcommands (clap) and their dispatch.

use std::{path::PathBuf, process::ExitCode};

use clap::Subcommand;

use crate::{
    cli::plugin_kit::{
        input::parse_point,
        new::{NewPlugin, create},
        run::{RunArgs, render, run_plugin},
        sample::sample_cars,
    },
    config::Settings,
    plugins::points::point::Point,
};

/// `forecourt plugin ...`: the partner kit (plugins/README.md).
#[derive(Debug, Subcommand)]
pub enum PluginCommand {
    /// Create plugins/<name> from the template of one extension point and add it to the plugins
    /// workspace; it passes `cargo test` and builds as created.
    New {
        /// Plugin (package) name: lower-case letters, digits and dashes, e.g. my-tags.
        name: String,
        /// Extension point: stock-filter, tag-rules, finance-lender, eligibility, price-display
        /// or phone-format.
        #[arg(long, value_parser = parse_point)]
        point: Point,
        /// One-line description (Cargo.toml and plugin.info).
        #[arg(long)]
        description: Option<String>,
        /// The plugins workspace.
        #[arg(long, default_value = "plugins")]
        plugins_dir: PathBuf,
    },
    /// Call one extension point of a built component under the host's runtime and limits;
    /// print the answer and the time, memory peak, answer size and fuel against the limits.
    /// Exit 3 when the plugin fails (the kind is printed), 4 when init rejects the config.
    Run(RunArgs),
    /// Print varied cars from a tenant's demo stock as the JSON array `plugin run --cars` reads.
    SampleCars {
        /// Tenant slug (a folder of tenants_dir).
        #[arg(long)]
        tenant: String,
        /// How many cars (1..=100).
        #[arg(long, default_value_t = 5)]
        count: usize,
    },
}

/// Runs a `forecourt plugin` subcommand with `settings` (`tenants_dir`, the plugin limits).
/// Returns the exit status; errors are the ones each subcommand documents.
pub async fn run_command(command: PluginCommand, settings: &Settings) -> anyhow::Result<ExitCode> {
    match command {
        PluginCommand::New {
            name,
            point,
            description,
            plugins_dir,
        } => {
            let dir = create(
                &plugins_dir,
                &NewPlugin {
                    name: name.clone(),
                    point,
                    description,
                },
            )?;
            println!(
                "created {} (a {} plugin) and added it to {}",
                dir.display(),
                point.interface(),
                plugins_dir.join("Cargo.toml").display()
            );
            // The hints name the binary as it was invoked (`./target/release/forecourt`).
            let me = std::env::args().next().unwrap_or_else(|| "forecourt".into());
            println!("next:");
            println!("  (cd {} && cargo test -p {name})", plugins_dir.display());
            println!("  bash {}/build.sh {name}", plugins_dir.display());
            let input = match point {
                Point::StockFilter => "--level 0".to_string(),
                _ => "--cars /tmp/cars.json".to_string(),
            };
            println!("  {me} plugin sample-cars --tenant <slug> > /tmp/cars.json");
            println!(
                "  {me} plugin run {}/dist/{name}.wasm --point {} {input}",
                plugins_dir.display(),
                point.interface()
            );
            Ok(ExitCode::SUCCESS)
        }
        PluginCommand::Run(args) => {
            let report = tokio::task::block_in_place(|| run_plugin(settings, &args))?;
            if args.json {
                println!("{}", serde_json::to_string_pretty(&report)?);
            } else {
                print!("{}", render(&report));
            }
            if let crate::cli::plugin_kit::run::Outcome::Failed { failure, .. } = &report.outcome {
                eprintln!("forecourt plugin run: the plugin failed: {failure}");
            }
            Ok(report.exit_code())
        }
        PluginCommand::SampleCars { tenant, count } => {
            let cars = sample_cars(&settings.tenants_dir, &tenant, count).await?;
            println!("{}", serde_json::to_string_pretty(&cars)?);
            Ok(ExitCode::SUCCESS)
        }
    }
}
