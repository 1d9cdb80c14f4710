/**
 * The checkout draft (spec §2.14, §3 Checkout form, §4.5): what the shopper chose in the steps
 * before placing the order — delivery details, point, option, gift, coupon — kept between steps on
 * the server side of the wire, in one HttpOnly cookie sealed (encrypted and authenticated) with the
 * app's secret for one day. No JavaScript is needed and nothing is stored in the database until
 * the order exists; a forged or expired cookie reads as an empty draft.
 */
import { isSecureRequest } from "~/features/accounts/session.server";
import { type Secrets, sealData, unsealData } from "~/features/accounts/tokens.server";
import { isDeliveryOption, type DeliveryOption } from "~/features/shipping/shipping";
import { readCookie } from "~/utils/cookies";

export const DRAFT_COOKIE = "checkout_draft";
const DRAFT_LIFETIME_SECONDS = 24 * 3600;
/** Browsers keep cookies up to 4096 bytes; a draft that does not fit is refused, not truncated. */
export const DRAFT_MAX_BYTES = 3900;

/** The §3 delivery fields, under their §7.4 names. */
export const ADDRESS_FIELDS = [
  "first_name",
  "last_name",
  "client_id",
  "address",
  "city",
  "state",
  "zip_code",
  "phone",
] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

export type CheckoutDraft = {
  address?: Partial<Record<AddressField, string>>;
  /** DELIVERY_PLACES id, or "map" for a point picked on the map. */
  place?: string;
  latitude?: number;
  longitude?: number;
  option?: DeliveryOption;
  isGift?: boolean;
  giftMessage?: string;
  coupon?: string;
  /** 'Save as my delivery details' is ticked. */
  saveProfile?: boolean;
  /** Who receives the order (docs/features.md, "Family recipients"): "self", "new" or a saved recipient's id. */
  recipient?: string;
  /** 'Save this recipient' is ticked (a new recipient only). */
  saveRecipient?: boolean;
  /** The shipping step was completed with these values. */
  shippingDone?: boolean;
  /** The payment step was completed (cash on delivery, decision “Cash on delivery only”). */
  paymentDone?: boolean;
};

const str = (value: unknown, max: number) => (typeof value === "string" ? value.slice(0, max) : undefined);
const num = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : undefined);

/** Only the known fields, of the right types, survive a read (the cookie is ours, but be strict). */
function clean(raw: Record<string, unknown>): CheckoutDraft {
  const address: Partial<Record<AddressField, string>> = {};
  const rawAddress = (raw.address ?? {}) as Record<string, unknown>;
  for (const field of ADDRESS_FIELDS) {
    const value = str(rawAddress[field], 300);
    if (value !== undefined) address[field] = value;
  }
  return {
    address,
    place: str(raw.place, 64),
    latitude: num(raw.latitude),
    longitude: num(raw.longitude),
    option: isDeliveryOption(raw.option) ? raw.option : undefined,
    isGift: raw.isGift === true,
    giftMessage: str(raw.giftMessage, 300),
    coupon: str(raw.coupon, 64),
    saveProfile: raw.saveProfile === true,
    recipient: str(raw.recipient, 12),
    saveRecipient: raw.saveRecipient === true,
    shippingDone: raw.shippingDone === true,
    paymentDone: raw.paymentDone === true,
  };
}

/** The shopper's draft, or an empty one. */
export async function readDraft(request: Request, secret: Secrets): Promise<CheckoutDraft> {
  const sealed = readCookie(request, DRAFT_COOKIE);
  if (!sealed) return {};
  const data = await unsealData(secret, sealed);
  return data ? clean(data) : {};
}

function cookie(value: string, maxAge: number, request: Request): string {
  return `${DRAFT_COOKIE}=${value}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${isSecureRequest(request) ? "; Secure" : ""}`;
}

/** `Set-Cookie` that stores `draft`, or null when it would not fit in a cookie. */
export async function draftCookie(request: Request, secret: Secrets, draft: CheckoutDraft): Promise<string | null> {
  const sealed = await sealData(secret, draft as Record<string, unknown>, DRAFT_LIFETIME_SECONDS);
  if (sealed.length > DRAFT_MAX_BYTES) return null;
  return cookie(sealed, DRAFT_LIFETIME_SECONDS, request);
}

/** `Set-Cookie` that forgets the draft (after the order is placed). */
export const clearDraftCookie = (request: Request) => cookie("", 0, request);
