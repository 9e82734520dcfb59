// Friendly names for the generated OpenAPI types (src/api/schema.d.ts, from ui-shell/openapi.json).
import type { components } from "./schema";

type S = components["schemas"];
/**
 * `TenantSettings`: GET /api/v1/tenant (docs/features/shopper-core.md §3 "Tenant config",
 * docs/features/locations-forms-marketing.md §3 "Site config").
 */
export type TenantSettings = S["TenantSettings"];
/** `Car`: one vehicle (docs/features/shopper-core.md §3 "Car"). Money in AUD, distances in km. */
export type Car = S["Car"];
/** `CarResponse`: GET /api/v1/cars/{slug}, a car with what the VDP needs around it. */
export type CarResponse = S["CarResponse"];
/** `PriceDrop`: a car's last price drop on the VDP, whole dollars AUD and unix seconds (docs/features/platform.md "Price history and freshness"). */
export type PriceDrop = S["PriceDrop"];
/** `Location`: a dealership location (docs/features/locations-forms-marketing.md §3 "Location"). */
export type Location = S["Location"];
/** `OpeningHourEntry`: weekday 0 (Sunday) to 6, status Open or Closed. */
export type OpeningHourEntry = S["OpeningHourEntry"];
/** `ErrorEnvelope`: the one error shape, `{error: {code, message, field?}}`. */
export type ErrorEnvelope = S["ErrorEnvelope"];

// Tenant content (docs/features/platform.md "Marketing and content pages"): GET
// /api/v1/content/{models,recalls,service,trade-in,pages/{path}} and the inline `page` of their
// documents. Fields the host fills with a default when a tenant's file leaves them out are optional
// here (the same Rust structs read the files); the host still sends every field. Spec:
// docs/features/locations-forms-marketing.md §2, §3.
/** `Cta`: a call-to-action button: text, link, look (`primary`, `secondary`, `outline`; default primary). */
export type Cta = S["Cta"];
/** `Stat`: a label and its display value, e.g. `{ label: "Range", value: "up to 755km" }`. */
export type Stat = S["Stat"];
/** `Slide`: a hero-slider slide (§3 Slide). */
export type Slide = S["Slide"];
/** `ModelTab`: one tab of a model's tabbed content block (at most 4 paragraphs). */
export type ModelTab = S["ModelTab"];
/** `ImageBanner`: the full-screen image banner of a model page. */
export type ImageBanner = S["ImageBanner"];
/** `ModelFamily`: a model family (`im5`, `im6`); `heroImageUrl` is the compare screen's default image. */
export type ModelFamily = S["ModelFamily"];
/** `CategoryCard`: a card of the "Explore Our Range" carousel (§3 Category card). */
export type CategoryCard = S["CategoryCard"];
/** `Categories`: the category carousel's title (default "Explore Our Range") and cards. */
export type Categories = S["Categories"];
/** `ScrollingBanner`: the scrolling text banner (link default `/special-offers`). */
export type ScrollingBanner = S["ScrollingBanner"];
/** `Tile`: a call-to-action tile (Book a Service, Search Our Stock, ...). */
export type Tile = S["Tile"];
/** `CompareDefaults`: the compare screen's title, subtitle and default left and right variant ids (§9). */
export type CompareDefaults = S["CompareDefaults"];
/** `FaqItem`: a question and its answer (sanitised HTML). */
export type FaqItem = S["FaqItem"];
/** `RecallCampaign`: one recall campaign (§3 Recall record). */
export type RecallCampaign = S["RecallCampaign"];
/** `RecallsContent`: GET /api/v1/content/recalls, the inline `page` of route `recall`. */
export type RecallsContent = S["RecallsContent"];
/** `ServiceContent`: GET /api/v1/content/service, the service page's marketing sections and quote modal. */
export type ServiceContent = S["ServiceContent"];
/** `TradeInContent`: GET /api/v1/content/trade-in, the trade-in FAQ and the privacy line's brand. */
export type TradeInContent = S["TradeInContent"];
/** `ContentPage`: a markdown page, GET /api/v1/content/pages/{path} (`html` sanitised on the host). */
export type ContentPage = S["ContentPage"];

/** A variant's dimensions, display strings with units (e.g. "4,930 mm", "0.23 Cd"). */
export type VariantDimensions = S["Dimensions"];
/** A variant's performance figures, display strings with units (e.g. "217 kW", "6.8 s"). */
export type VariantPerformance = S["Performance"];
/** One feature line of a variant, shown as `name: value`. */
export type VariantFeature = S["Feature"];
/** A model variant, the compare screen's static data (§3 Model variant), e.g. id `im6-premium`, baseId `im6`. */
export type ModelVariant = S["ModelVariant"];
/** A paint colour of one variant (§3 Colour; the spec's field names). `hexCode`, `colourCode`, `image_url` may be null. */
export type Colour = S["Colour"];
/**
 * `ModelsContent`: GET /api/v1/content/models (404 without the electric-model area). The host
 * always sends `variants` and `colours` (from model_variants.json and colours.json); the schema
 * marks them optional only because they have a serde default.
 */
export type ModelsContent = S["ModelsContent"] & { variants: ModelVariant[]; colours: Colour[] };

// docs/features/platform.md "Locations, offers and navigation": locations, maps and reviews
// (docs/features/locations-forms-marketing.md §2 "Location screens", "Reviews", §3, §9).
/** `MapSettings` (`tenant.maps`): the map tiles' URL template, their attribution and the zoom (default 10); each part may be absent. */
export type MapSettings = S["MapSettings"];
/** `LocatorOrigin`: the searched postcode's place (locality, state); lat/long in degrees. */
export type LocatorOrigin = S["LocatorOrigin"];
/** `LocatorEntry`: a visible location and its distance from the origin in km (null or absent without a postcode). */
export type LocatorEntry = S["LocatorEntry"];
/** `LocationsResponse`: GET /api/v1/locations?postcode=&type=, nearest first when a postcode is given. */
export type LocationsResponse = S["LocationsResponse"];
/** `Review`: one Google review; `text` and `reply_text` are plain text; dates YYYY-MM-DD; rating 1-5. */
export type Review = S["Review"];
/** `ReviewsResponse`: GET /api/v1/reviews: the average as a string ("4.7"), the count and at most 12 reviews. */
export type ReviewsResponse = S["ReviewsResponse"];

// docs/features/platform.md "Locations, offers and navigation": navigation, popup, offers and
// brands (docs/features/locations-forms-marketing.md §2 "Offers", "Navigation", §3 Offer, Model
// menu item, Brand entry, §4 popup). Arrays and `kind` the host fills with a default may be absent
// here (serde defaults); the shell reads them with a fallback.
/** `NavLink`: a link, with the number of cars behind it on stock links (else null). */
export type NavLink = S["NavLink"];
/** `NavColumn`: a titled column of links (header dropdowns and the footer). */
export type NavColumn = S["NavColumn"];
/** `NavKind`: what a header entry opens: `vehicles`, `stock`, `links` (default) or `brands`. */
export type NavKind = S["NavKind"];
/** `NavEntry`: a header entry; `kind` says what it opens; `href` the entry's own link (or the dropdown's View all). */
export type NavEntry = S["NavEntry"];
/** `ModelMenuItem`: a model of the Vehicles menu; `status` `available` or `coming_soon`; bodies e.g. `suv`. */
export type ModelMenuItem = S["ModelMenuItem"];
/** `BrandTile`: a brand tile of the header, linking to the brand's stock page `/search/{slug}`. */
export type BrandTile = S["BrandTile"];
/** `PopularBody`: a popular body type (top 4 by count), linking to `/search/{body slug}`. */
export type PopularBody = S["PopularBody"];
/** `PopupButton`: the popup's button. */
export type PopupButton = S["PopupButton"];
/** `Popup`: the popup dialog; `expires_at` RFC 3339 or null for never; `description` plain text. */
export type Popup = S["Popup"];
/** `Navigation`: GET /api/v1/navigation (header, Vehicles models, stock links, brands, footer, popular bodies, popup). */
export type Navigation = S["Navigation"];
/** `OfferModel`: an offer's model with its 'Explore {model}' link. */
export type OfferModel = S["OfferModel"];
/** `Offer`: an offer; `description_html` sanitised on the host; `disclaimer` and `description_text` plain text. */
export type Offer = S["Offer"];
/** `OffersResponse`: GET /api/v1/offers, the inline `page` of route `special-offers`. */
export type OffersResponse = S["OffersResponse"];
/** `BrandKind`: a brand grid's kind: `cars`, `motorcycles`, `trucks`, `group`. */
export type BrandKind = S["BrandKind"];
/** `Brand`: a brand (logo shown at 76x65); `href` its overview page, or its stock page when `skip_page`. */
export type Brand = S["Brand"];
/** `BrandGroup`: the brands of one kind with the grid's title. */
export type BrandGroup = S["BrandGroup"];
/** `BrandsResponse`: GET /api/v1/brands; `stats` is the statistics banner (empty: none). */
export type BrandsResponse = S["BrandsResponse"];
