/**
 * Every table of `app/db/schema/` in one object, as Drizzle takes it (`client.server.ts`) and the
 * table-ownership test reads it. A new schema module is added here.
 */
import * as accountsTables from "./schema/accounts";
import * as auditTables from "./schema/audit";
import * as cartTables from "./schema/cart";
import * as catalogTables from "./schema/catalog";
import * as chatTables from "./schema/chat";
import * as claimsTables from "./schema/claims";
import * as contentTables from "./schema/content";
import * as couponsTables from "./schema/coupons";
import * as currencyTables from "./schema/currency";
import * as deliveryTables from "./schema/delivery";
import * as ordersTables from "./schema/orders";
import * as outboxTables from "./schema/outbox";
import * as providersTables from "./schema/providers";
import * as rateLimitTables from "./schema/rate-limit";
import * as recipientsTables from "./schema/recipients";
import * as reviewsTables from "./schema/reviews";
import * as searchTables from "./schema/search";
import * as settingsTables from "./schema/settings";
import * as stockAlertsTables from "./schema/stock-alerts";
import * as twoFactorTables from "./schema/two-factor";
import * as wishlistTables from "./schema/wishlist";

export const schema = {
  ...accountsTables,
  ...auditTables,
  ...cartTables,
  ...catalogTables,
  ...chatTables,
  ...claimsTables,
  ...contentTables,
  ...couponsTables,
  ...currencyTables,
  ...deliveryTables,
  ...ordersTables,
  ...outboxTables,
  ...providersTables,
  ...rateLimitTables,
  ...twoFactorTables,
  ...recipientsTables,
  ...reviewsTables,
  ...searchTables,
  ...settingsTables,
  ...stockAlertsTables,
  ...wishlistTables,
};
