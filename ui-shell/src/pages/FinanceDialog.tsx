import type { CarResponse } from "../api/types";
import { Dialog } from "../design/Dialog";
import { FinanceForm } from "../leads/FinanceForm";

/**
 * The VDP's finance popup (`#finance-application`, from the 'Car Finance' card's Get
 * Pre-Approved): the finance form with the four stage labels and two steps split at the name
 * field, for this car (price, id, VIN). Takes the car response and a close callback; renders a
 * {@link Dialog}. Spec: docs/features/locations-forms-marketing.md §2 "Finance page and popup".
 */
export default function FinanceDialog({ car, onClose }: { car: CarResponse; onClose: () => void }) {
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title="Get Pre-Approved" description={car.name}>
      <FinanceForm popup car={{ id: car.car.id, price: car.car.price, vin: car.car.vin ?? null }} />
    </Dialog>
  );
}
