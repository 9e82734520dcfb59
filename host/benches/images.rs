//! Image endpoint cost (docs/features/platform.md "Search results page" and "Vehicle detail page";
//! BENCHMARKS.md "Images"): decoding a demo illustration (960x640 PNG) and resizing it to a card
//! width (400 px) and a gallery width (960 px, no resize) encoded as AVIF, WebP and JPEG at quality
//! 75. This is the cost of a cache miss; a hit is a file read.
//!
//!   cargo bench -p forecourt-host --bench images

use std::{path::Path, time::Duration};

use criterion::{Criterion, criterion_group, criterion_main};
use forecourt_host::http::web::images::{OutFormat, transcode};

fn bench(c: &mut Criterion) {
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tenants/_sources/media/illustrations/suv-blue-35.png");
    let bytes = std::fs::read(&file).expect("demo illustration (tenants/_sources/media)");
    let img = image::load_from_memory(&bytes).expect("decodes");
    let mut g = c.benchmark_group("image");
    g.measurement_time(Duration::from_secs(5)).sample_size(20);
    g.bench_function("decode_png_960x640", |b| b.iter(|| image::load_from_memory(&bytes).unwrap()));
    for (name, fmt) in [("avif", OutFormat::Avif), ("webp", OutFormat::Webp), ("jpeg", OutFormat::Jpeg)] {
        g.bench_function(format!("card_400/{name}"), |b| {
            b.iter(|| transcode(&img, Some(400), 75, fmt).unwrap())
        });
        g.bench_function(format!("gallery_960/{name}"), |b| {
            b.iter(|| transcode(&img, Some(960), 75, fmt).unwrap())
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
