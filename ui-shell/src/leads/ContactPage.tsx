import { useParams } from "../app/router";
import { useDocumentTitle, useSite } from "../app/site";
import { EnquiryForm } from "./EnquiryForm";

/**
 * The contact page (/contact, /contact-us, /contact-us/{locationSlug}): the general enquiry form,
 * with the location pre-selected from the path. Takes nothing; renders the page.
 * Spec: docs/features/locations-forms-marketing.md §2 routes and "Enquiry form".
 */
export default function ContactPage() {
  useDocumentTitle("Contact us");
  const { tenant } = useSite();
  const { locationSlug } = useParams();
  return (
    <section className="fc-container fc-page fc-lead-page" data-page="contact">
      <h1>Contact us</h1>
      <EnquiryForm tenant={tenant} variant="enquiry" pageId="contact-us" {...(locationSlug ? { locationSlug } : {})} />
    </section>
  );
}
