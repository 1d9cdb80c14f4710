import { describe, expect, it } from "vitest";
import { formatTime, statedTime } from "./stated-time";

describe("the time of day a shopper states (issue 23 point 5, D15)", () => {
  it.each([
    ["ya son las 3 y media, ¿llego al express?", "15:30"],
    ["son las cinco menos cuarto", "16:45"],
    ["es la una y diez", "13:10"],
    ["a las 10 de la mañana pido", "10:00"],
    ["son las 8 y media d la noche, puedo pedir express?", "20:30"],
    ["son las 9 por la noche", "21:00"],
    ["ya pasaron las 2", "14:00"],
    ["a las 12:45 todavía se puede?", "12:45"],
    ["si pido a las 9 me llega hoy?", "9:00"],
    ["it's 1pm, can I still get express", "13:00"],
    ["at 11 am is express open", "11:00"],
    ["it's quarter past one", "13:15"],
    ["half past two", "14:30"],
    ["after 3 in the afternoon", "15:00"],
    ["al mediodía", "12:00"],
  ])("'%s' states %s", (message, time) => {
    const found = statedTime(message);
    expect(found).not.toBeNull();
    expect(formatTime(found!)).toBe(time);
  });

  it.each([
    "¿puedo devolverlo después de 2 días?",
    "can I return it after 3 days",
    "si compro 12 cervezas",
    "cuesta 5 dólares",
    "tienen inversores de 3000w",
  ])("'%s' states no time (a quantity is not an hour)", (message) => {
    expect(statedTime(message)).toBeNull();
  });
});

describe("a time said to be the clock of a place abroad (issue 23 point 5)", () => {
  it.each([
    "aca en CDMX es la 1 y media de la tarde, todavia alcanzo el express?",
    "here in Madrid it's 8 pm, can I still get express?",
    "son las 9 de la noche hora de España",
  ])("%s is not Havana's time", (message) => {
    expect(statedTime(message)).toBeNull();
  });

  it("a place named apart from the time does not move it ('vivo en Miami, si son las 3…')", () => {
    expect(formatTime(statedTime("vivo en Miami, si son las 3 todavia hay express?")!)).toBe("15:00");
  });
});
