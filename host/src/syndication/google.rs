//! The Google vehicle listings feed (Google's "vehicle listings" feed specification, the
//! attributes of vehicle ads): an RSS 2.0 document whose items carry the attributes in the
//! `g:` namespace (`http://base.google.com/ns/1.0`), the XML form Merchant Center reads, written
//! with quick-xml (every value escaped).
//!
//! Attributes written, from a [`Listing`]: `id` (stock number), `vin`, `store_code` (the car's
//! location slug), `dealership_name`, `dealership_address` (`street, city, STATE postcode, AU`),
//! `price` in ISO 4217 form (`28990.00 AUD`), `condition` (`new`, or
//! `used` for used and demo cars), `make`, `model`, `trim`, `year`, `mileage` with its unit
//! (`173582 km`), `image_link` and up to [`MAX_ADDITIONAL_IMAGES`] `additional_image_link`s,
//! `link` (the car's page), `date_in_stock` (ISO 8601 date), `exterior_color`.
//!
//! A car is left out when it lacks one of [`REQUIRED`] ([`missing`] names them): the
//! specification's required attributes (`vin`, `store_code`, `dealership_name`,
//! `dealership_address`, `price`, `condition`, `make`, `model`, `year`, `mileage`) plus
//! `image_link` and `link`, which the specification recommends and without which a listing
//! cannot be shown usefully. A VIN counts only when it is valid (`vin.rs`).

use std::io;

use quick_xml::{
    Writer,
    events::{BytesDecl, BytesEnd, BytesStart, BytesText, Event},
};

use super::{
    listing::{Condition, Listing, iso_price},
    vin,
};

/// The namespace of the feed's attributes.
pub const G_NS: &str = "http://base.google.com/ns/1.0";
/// Attributes every item must have (see the module doc).
pub const REQUIRED: [&str; 12] = [
    "vin",
    "store_code",
    "dealership_name",
    "dealership_address",
    "price",
    "condition",
    "make",
    "model",
    "year",
    "mileage",
    "image_link",
    "link",
];
/// At most this many `additional_image_link`s per item (the specification's limit).
pub const MAX_ADDITIONAL_IMAGES: usize = 20;

/// The required attributes `l` cannot fill, in [`REQUIRED`] order; empty when it goes in the feed.
pub fn missing(l: &Listing) -> Vec<&'static str> {
    let has = |name: &str| match name {
        "vin" => l.vin.as_deref().is_some_and(|v| vin::check(v).is_ok()),
        "store_code" => !l.place.store_code.is_empty(),
        "dealership_name" => !l.place.dealership_name.trim().is_empty(),
        "dealership_address" => l.place.full_address().is_some(),
        "price" => l.price.is_some(),
        "condition" => true,
        "make" => !l.make.is_empty(),
        "model" => !l.model.is_empty(),
        "year" => (1000..=9999).contains(&l.year),
        "mileage" => l.km.is_some(),
        "image_link" => !l.images.is_empty(),
        "link" => l.link.is_some(),
        _ => false,
    };
    REQUIRED.into_iter().filter(|n| !has(n)).collect()
}

/// `new` or `used`.
pub fn condition(l: &Listing) -> &'static str {
    match l.condition {
        Condition::New => "new",
        Condition::Used => "used",
    }
}

/// A feed being written: the RSS head, then one item per [`GoogleFeed::push`], then
/// [`GoogleFeed::finish`].
pub struct GoogleFeed {
    w: Writer<Vec<u8>>,
    /// Items written so far.
    pub items: usize,
}

impl GoogleFeed {
    /// Starts the document: the XML declaration, `<rss>` with the `g:` namespace, and the
    /// channel's `title`, `link` (the site) and `description`. Errors: only a writer error (none
    /// for an in-memory buffer).
    pub fn begin(title: &str, site: &str) -> io::Result<GoogleFeed> {
        let mut w = Writer::new(Vec::with_capacity(64 * 1024));
        w.write_event(Event::Decl(BytesDecl::new("1.0", Some("UTF-8"), None)))?;
        w.write_event(Event::Start(
            BytesStart::new("rss").with_attributes([("version", "2.0"), ("xmlns:g", G_NS)]),
        ))?;
        w.write_event(Event::Start(BytesStart::new("channel")))?;
        text(&mut w, "title", title)?;
        text(&mut w, "link", site)?;
        text(&mut w, "description", &format!("{title}: vehicles in stock"))?;
        Ok(GoogleFeed { w, items: 0 })
    }

    /// Writes `l` as an item when it has every required attribute. Returns whether it was
    /// written. Errors: only a writer error.
    pub fn push(&mut self, l: &Listing) -> io::Result<bool> {
        if !missing(l).is_empty() {
            return Ok(false);
        }
        let (Some(vin), Some(address), Some(price), Some(km), Some(link)) =
            (l.vin.as_deref(), l.place.full_address(), l.feed_price(), l.km, l.link.as_deref())
        else {
            return Ok(false);
        };
        let w = &mut self.w;
        w.write_event(Event::Start(BytesStart::new("item")))?;
        text(w, "g:id", &l.stocknum)?;
        text(w, "g:vin", vin)?;
        text(w, "g:store_code", &l.place.store_code)?;
        text(w, "g:dealership_name", &l.place.dealership_name)?;
        text(w, "g:dealership_address", &address)?;
        text(w, "g:price", &iso_price(price))?;
        text(w, "g:condition", condition(l))?;
        text(w, "g:make", &l.make)?;
        text(w, "g:model", &l.model)?;
        if let Some(t) = &l.trim {
            text(w, "g:trim", t)?;
        }
        text(w, "g:year", &l.year.to_string())?;
        text(w, "g:mileage", &format!("{km} km"))?;
        text(w, "g:image_link", &l.images[0])?;
        for img in l.images.iter().skip(1).take(MAX_ADDITIONAL_IMAGES) {
            text(w, "g:additional_image_link", img)?;
        }
        text(w, "g:link", link)?;
        if let Some(d) = &l.date_in_stock {
            text(w, "g:date_in_stock", d)?;
        }
        if let Some(c) = &l.colour {
            text(w, "g:exterior_color", c)?;
        }
        w.write_event(Event::End(BytesEnd::new("item")))?;
        self.items += 1;
        Ok(true)
    }

    /// Closes the channel and the document. Returns the UTF-8 bytes. Errors: only a writer error.
    pub fn finish(mut self) -> io::Result<Vec<u8>> {
        self.w.write_event(Event::End(BytesEnd::new("channel")))?;
        self.w.write_event(Event::End(BytesEnd::new("rss")))?;
        Ok(self.w.into_inner())
    }
}

fn text(w: &mut Writer<Vec<u8>>, name: &str, value: &str) -> io::Result<()> {
    w.create_element(name).write_text_content(BytesText::new(value))?;
    Ok(())
}
