import { useDocumentTitle } from "../app/site";
import { lastCategory, lastReference, thanksFor } from "./lead";

/**
 * The success page shown after a lead is submitted (docs/features/shopper-core.md §2 /success, §4 "Lead form";
 * docs/features/locations-forms-marketing.md §4): a thank-you with the remembered category, and the lead's reference
 * when the host gave one (issue 26 item 5). Takes nothing; renders the page.
 */
export default function SuccessPage() {
  useDocumentTitle("Thank you");
  const category = lastCategory();
  const reference = lastReference();
  return (
    <section className="fc-container fc-page fc-lead-page" data-page="success">
      <h1>Thank you</h1>
      <p data-category={category}>
        {`${thanksFor(category)} `}
        Our team will be in touch with you shortly.
      </p>
      {reference ? (
        <p data-reference={reference}>
          Your reference is <strong>{reference}</strong>. Please quote it when you contact us.
        </p>
      ) : null}
      <p>
        <a href="/">Back to home</a>
      </p>
    </section>
  );
}
