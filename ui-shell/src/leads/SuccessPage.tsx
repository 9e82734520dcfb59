import { useDocumentTitle } from "../app/site";
import { lastCategory } from "./lead";

/**
 * The success page shown after a lead is submitted (docs/features/shopper-core.md §2 /success, §4 "Lead form";
 * docs/features/locations-forms-marketing.md §4): a thank-you with the remembered category. Takes nothing; renders the
 * page.
 */
export default function SuccessPage() {
  useDocumentTitle("Thank you");
  const category = lastCategory();
  return (
    <section className="fc-container fc-page fc-lead-page" data-page="success">
      <h1>Thank you</h1>
      <p data-category={category}>
        {category ? `Thank you for your ${category}. ` : "Thank you for your enquiry. "}
        Our team will be in touch with you shortly.
      </p>
      <p>
        <a href="/">Back to home</a>
      </p>
    </section>
  );
}
