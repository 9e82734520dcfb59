import { useSearchParams } from "../app/router";
import { useDocumentTitle, useSite } from "../app/site";
import { EnquiryForm } from "./EnquiryForm";

/**
 * The test-drive page (/book-test-drive, linked from offers, the electric-model tiles and banners):
 * the Book a Test Drive lead form without a car: the Vehicle asked for (required; starts at
 * `?vehicle=`, e.g. an offer's model), the dealership (several: required, pre-selected from
 * `?make=` by the dealership selling that make), the location, a date and time from the location's
 * appointment slots, contact fields and Comments. It submits a `test_drive` lead (category 'Test
 * Drive', the vehicle as subcategory) and goes to /success. Takes nothing; renders the page.
 * Spec: docs/features/locations-forms-marketing.md §2 /book-test-drive, "Enquiry form", §5;
 * docs/features/shopper-core.md §4 "Lead form".
 */
export default function TestDrivePage() {
  useDocumentTitle("Book a test drive");
  const { tenant } = useSite();
  const [params] = useSearchParams();
  const vehicle = params.get("vehicle")?.slice(0, 100) ?? "";
  const make = params.get("make") ?? "";
  return (
    <section className="fc-container fc-page fc-lead-page" data-page="test-drive">
      <h1>Book a Test Drive</h1>
      <p className="fc-muted">Choose the vehicle, the location and a time that suits you; we will confirm your booking.</p>
      <EnquiryForm
        tenant={tenant}
        variant="test_drive"
        pageId="book-test-drive"
        {...(vehicle ? { vehicle } : {})}
        {...(make ? { manufacturer: make } : {})}
      />
    </section>
  );
}
