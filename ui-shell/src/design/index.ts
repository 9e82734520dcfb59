// The design system: accessible primitives (Radix UI where a widget needs behaviour) themed by the
// CSS variables of src/theme/theme.ts. Styles: src/design/design.css.
export { Accordion, type AccordionItem, type AccordionProps } from "./Accordion";
export { Button, ButtonLink, type ButtonLinkProps, type ButtonProps, type ButtonVariant } from "./Button";
export { Carousel, type CarouselProps } from "./Carousel";
export { Checkbox, type CheckboxProps } from "./Checkbox";
export { Dialog, type DialogProps } from "./Dialog";
export { Disclosure, type DisclosureProps } from "./Disclosure";
export { type ControlProps, Field, type FieldProps, TextField, type TextFieldProps } from "./Field";
export { KmField, type KmFieldProps } from "./KmField";
export { ALTERNATE_QUICK_PICKS, DEFAULT_QUICK_PICKS, MoneyField, type MoneyFieldProps } from "./MoneyField";
export { NativeSelect, type NativeSelectProps } from "./NativeSelect";
export { clampToRange, type NumberTextFieldProps } from "./NumberTextField";
export { RadioGroup, type RadioGroupProps } from "./RadioGroup";
export { RangeSlider, type RangeSliderProps } from "./RangeSlider";
export { Select, type SelectOption, type SelectProps } from "./Select";
export { Skeleton, SkeletonCard, type SkeletonProps } from "./Skeleton";
export { type TabItem, Tabs, type TabsProps } from "./Tabs";
export { type ToastApi, type ToastOptions, ToastProvider, type ToastProviderProps, useToast } from "./Toast";
export * from "./validation";
