import type { InputHTMLAttributes } from "react";
import type { MessageKey } from "~/i18n/i18n";

/**
 * The shipping step's §3 delivery fields in the order the form shows them, with what the browser
 * is told of each (autocomplete, length, keyboard) and the address's hint. Every field is required
 * unless marked optional; a wide field spans both columns.
 */
export const ADDRESS_FIELDS: readonly {
  name: "first_name" | "last_name" | "client_id" | "phone" | "address" | "city" | "state" | "zip_code";
  autoComplete: string;
  maxLength: number;
  type?: "tel";
  inputMode?: InputHTMLAttributes<HTMLInputElement>["inputMode"];
  hint?: MessageKey;
  wide?: true;
  optional?: true;
}[] = [
  { name: "first_name", autoComplete: "given-name", maxLength: 100 },
  { name: "last_name", autoComplete: "family-name", maxLength: 100 },
  { name: "client_id", autoComplete: "off", inputMode: "numeric", maxLength: 30 },
  { name: "phone", type: "tel", autoComplete: "tel", maxLength: 30 },
  {
    name: "address",
    autoComplete: "street-address",
    maxLength: 255,
    hint: "checkout.page.field.addressHint",
    wide: true,
  },
  { name: "city", autoComplete: "address-level2", maxLength: 100 },
  { name: "state", autoComplete: "address-level1", maxLength: 100 },
  { name: "zip_code", autoComplete: "postal-code", maxLength: 20, optional: true },
];

/** §5: the order in which the step's fields are listed (the point after the phone). */
export const FIELD_ORDER = [
  "first_name",
  "last_name",
  "client_id",
  "address",
  "city",
  "state",
  "phone",
  "delivery_latitude",
  "zip_code",
  "delivery_option",
  "is_gift",
  "gift_message",
  "non_field_errors",
] as const;
