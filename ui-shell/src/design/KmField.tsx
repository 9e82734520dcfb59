import { formatKm } from "../lib/format";
import { NumberTextField, type NumberTextFieldProps } from "./NumberTextField";

/** Props of {@link KmField}: {@link NumberTextFieldProps} in whole kilometres. */
export type KmFieldProps = NumberTextFieldProps;

/**
 * An odometer field: `kms` suffix, thousands separators, digits only, min / max / step honoured.
 * Value in whole km or null. Spec: docs/features/locations-forms-marketing.md §5 "Kilometre field: suffix kms with
 * thousands separators". Takes {@link KmFieldProps}; renders the field.
 */
export function KmField(props: KmFieldProps) {
  return <NumberTextField {...props} suffix="kms" formatBound={formatKm} />;
}
