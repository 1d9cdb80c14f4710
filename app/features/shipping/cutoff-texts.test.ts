import { describe, expect, it } from "vitest";
import { DEFECT_REPORT_HOURS } from "~/features/content/policy";
import { createT } from "~/i18n/i18n";
import { getMessages } from "~/i18n/messages.server";
import { sourceFilesMatching } from "../../../tests/support/source-files";
import { EXPRESS_CUTOFF, EXPRESS_CUTOFF_HOUR, deliveryEstimate } from "./shipping";

// The express cut-off (§4.5) and the defect-report window (D21) are written once; every text that
// names them (invoice, emails, checkout, seller page, help pages) fills them in from the constant.
describe("texts that name the express cut-off or the defect window", () => {
  it("write the cut-off as 14:00 from the hour", () => {
    expect(EXPRESS_CUTOFF_HOUR).toBe(14);
    expect(EXPRESS_CUTOFF).toBe("14:00");
  });

  it("fill it into the express estimate, in both languages", () => {
    expect(deliveryEstimate(createT(getMessages("es"), "es"), "express")).toBe(
      `El mismo día, si se pidió antes de las ${EXPRESS_CUTOFF}`,
    );
    expect(deliveryEstimate(createT(getMessages("en"), "en"), "express")).toBe(
      `Same day, when ordered before ${EXPRESS_CUTOFF}`,
    );
    expect(
      createT(getMessages("es"), "es")("email.order.status.deliveredWarranty", { hours: DEFECT_REPORT_HOURS }),
    ).toContain(`${DEFECT_REPORT_HOURS} horas siguientes a la entrega`);
  });

  it("never type the figures themselves in messages, help pages or API texts", () => {
    const texts = (file: string) => /^(app\/i18n\/|server\/|content\/pages\/[^R])/.test(file);
    expect(sourceFilesMatching(/14:00/).filter(texts)).toEqual([]);
    expect(sourceFilesMatching(/\b24 (horas siguientes|hours of delivery)/)).toEqual([]);
  });
});
