import type { CarResponse, TenantSettings } from "../api/types";
import { Dialog } from "../design/Dialog";
import { EnquiryForm, type EnquiryVariant } from "../leads/EnquiryForm";

/** Props of the VDP's enquiry dialog: the car, the tenant, which form and a close callback. */
export interface EnquiryDialogProps {
  car: CarResponse;
  tenant: TenantSettings;
  /** Default: Enquire Now on an available car, Find Me Something Similar on one that is not. */
  variant?: EnquiryVariant;
  onClose: () => void;
}

const TITLES: Record<EnquiryVariant, string> = {
  enquiry: "Enquire Now",
  test_drive: "Book a Test Drive",
  request_photos: "Request Photos",
  find_similar: "Find Me Something Similar",
};

const HASHES = { enquiry: "#enquire", test_drive: "#test-drive", request_photos: "#request-photos" } as const;

/**
 * The VDP's lead dialogs (`#enquire`, `#test-drive`, `#request-photos`): the enquiry form
 * (src/leads/EnquiryForm.tsx) for the car, submitting to `POST /api/v1/leads` and going to
 * `/success`. On an available car the dialog switches between Enquire Now, Book a Test Drive and
 * Request Photos (links to the other hashes). Takes {@link EnquiryDialogProps}; renders a {@link Dialog}.
 * Spec: docs/features/shopper-core.md §2 ("the enquiry and test-drive forms open in dialogs"), §5;
 * docs/features/locations-forms-marketing.md §2, §5.
 */
export default function EnquiryDialog({ car, tenant, variant, onClose }: EnquiryDialogProps) {
  const v: EnquiryVariant = variant ?? (car.available ? "enquiry" : "find_similar");
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title={TITLES[v]} description={car.name}>
      {car.available ? (
        <nav className="fc-lead-switch" aria-label="Enquiry type">
          {(["enquiry", "test_drive", "request_photos"] as const).map((x) => (
            <a key={x} href={HASHES[x]} aria-current={x === v ? "page" : undefined}>
              {TITLES[x]}
            </a>
          ))}
        </nav>
      ) : null}
      <EnquiryForm key={v} tenant={tenant} variant={v} car={car} pageId={`car-${car.car.id}`} />
    </Dialog>
  );
}
