import { expect, test } from "@playwright/test";
import { LANGS, expectNoSeriousA11yViolations, gotoHydrated, t } from "./support";
import { signInStaff } from "./staff-sign-in";

// Issue 26 point 1, the back office's part: an operator on a phone pauses a municipality with the
// reason shoppers will see, the zone list and GET /api/delivery/zones show it at once, a refused
// form keeps what was typed with the error beside the field, and "back to the defaults" reopens
// it. Both languages, 360 px, axe.

const OPERATOR = { email: "operador@tienda.cu", password: "Malecon2026!" };
type Zones = {
  provinces: Array<{ municipalities: Array<{ id: string; paused: boolean; pause_reason: string | null }> }>;
};
const zoneOf = (body: Zones, id: string) => body.provinces.flatMap((p) => p.municipalities).find((m) => m.id === id);

test.describe("delivery zones in the back office on a 360 px phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  for (const lang of LANGS) {
    // Each language its own municipality of Guantánamo, far from every other journey's address.
    const [id, name] = lang === "es" ? ["maisi", "Maisí"] : ["imias", "Imías"];

    test(`${lang}: pause ${name} with a reason, see it in the list and the API, then reset it`, async ({ page }) => {
      await signInStaff(page, OPERATOR, lang);
      await gotoHydrated(page, `/${lang}/admin/zones`);
      await expect(page.getByRole("heading", { level: 1, name: t(lang, "admin.zones.title") })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      // Open Guantánamo's municipalities, unless another journey's pause there opened them already.
      const province = page.locator("details", { has: page.getByText(/^Guantánamo:/) });
      if ((await province.getAttribute("open")) === null) await page.getByText(/^Guantánamo:/).click();
      await page.getByRole("link", { name: t(lang, "admin.zones.editZone", { name }) }).click();
      await expect(page.getByRole("heading", { level: 1 })).toContainText(name);
      await expectNoSeriousA11yViolations(page);

      // Paused without the English reason: refused beside the field, the Spanish one kept.
      await page.getByLabel(t(lang, "admin.zones.field.paused")).check();
      await page.getByLabel(t(lang, "admin.zones.field.pauseReasonEs")).fill("Sin combustible hasta el lunes");
      await page.getByRole("button", { name: t(lang, "admin.zones.submit") }).click();
      const reasonEn = page.getByLabel(t(lang, "admin.zones.field.pauseReasonEn"));
      await expect(page.getByText(t(lang, "admin.zones.errors.reason")).first()).toBeVisible();
      await expect(page.getByLabel(t(lang, "admin.zones.field.pauseReasonEs"))).toHaveValue(
        "Sin combustible hasta el lunes",
      );
      await expect(page.getByLabel(t(lang, "admin.zones.field.paused"))).toBeChecked();

      await reasonEn.fill("No fuel until Monday");
      await page.getByRole("button", { name: t(lang, "admin.zones.submit") }).click();
      await expect(page.getByText(t(lang, "admin.zones.saved", { name }))).toBeVisible();
      const reason = lang === "es" ? "Sin combustible hasta el lunes" : "No fuel until Monday";
      // Other journeys may pause a neighbour with the same words: read this municipality's row.
      const row = page.getByRole("listitem").filter({ has: page.getByText(name, { exact: true }) });
      await expect(row.getByText(t(lang, "admin.zones.status.paused", { reason }))).toBeVisible();
      const api = (await (await page.request.get(`/api/delivery/zones?lang=${lang}`)).json()) as Zones;
      expect(zoneOf(api, id)).toMatchObject({ paused: true, pause_reason: reason });

      await page.getByRole("link", { name: t(lang, "admin.zones.editZone", { name }) }).click();
      await page.getByRole("button", { name: t(lang, "admin.zones.reset") }).click();
      await expect(page.getByText(t(lang, "admin.zones.resetDone", { name }))).toBeVisible();
      const after = (await (await page.request.get(`/api/delivery/zones?lang=${lang}`)).json()) as Zones;
      expect(zoneOf(after, id)).toMatchObject({ paused: false, pause_reason: null });
    });
  }
});
