import type { AnchorHTMLAttributes, ButtonHTMLAttributes } from "react";

/** Visual emphasis of a button: filled `primary`, outlined `secondary`, text-only `ghost`. */
export type ButtonVariant = "primary" | "secondary" | "ghost";

/** Props of {@link Button}: native button attributes plus a variant (default `primary`) and `size`. */
export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: "md" | "sm";
}

function classes(variant: ButtonVariant, size: "md" | "sm", extra?: string): string {
  return ["fc-button", `fc-button--${variant}`, size === "sm" ? "fc-button--sm" : "", extra ?? ""].filter(Boolean).join(" ");
}

/**
 * A themed `<button>` (type `button` unless given). Takes {@link ButtonProps}; renders a button.
 * Design system for docs/features/shopper-core.md §2 buttons (View Details, Get Finance, Reserve...).
 */
export function Button({ variant = "primary", size = "md", className, type = "button", ...rest }: ButtonProps) {
  return <button type={type} className={classes(variant, size, className)} {...rest} />;
}

/** Props of {@link ButtonLink}: anchor attributes plus a variant and size; `href` is required. */
export interface ButtonLinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  href: string;
  variant?: ButtonVariant;
  size?: "md" | "sm";
}

/**
 * A link that looks like a {@link Button} (navigation stays a link for accessibility and SEO).
 * Takes {@link ButtonLinkProps}; renders an `<a>`.
 */
export function ButtonLink({ variant = "primary", size = "md", className, ...rest }: ButtonLinkProps) {
  return <a className={classes(variant, size, className)} {...rest} />;
}
