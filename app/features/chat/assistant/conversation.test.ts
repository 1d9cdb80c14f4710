import { describe, expect, it } from "vitest";
import { readConversation } from "./conversation";

const said = (...messages: string[]) =>
  messages.flatMap((content) => [
    { role: "user" as const, content },
    { role: "assistant" as const, content: "…" },
  ]);

describe("follow-ups keep the topic (issue 23 point 5)", () => {
  it("'¿y el exprés?' after a shipping-cost question is about express", () => {
    expect(readConversation("¿y el exprés?", said("¿cuánto me cobran por mandarlo a Marianao?")).mainTopics).toEqual([
      "express",
    ]);
  });

  it("'and how much is it?' after a product question asks the same product's price", () => {
    const a = readConversation("and how much is it?", said("do you sell powdered milk"));
    expect(a.continues).toBe(true);
    expect(a.productRequest).toBe(true);
    expect(a.productPhrase).toBe("powdered milk");
  });

  it("'¿y en dólares?' after a product's price asks that price again; '¿y a cómo está el dólar?' asks the rate", () => {
    const a = readConversation("¿y en dólares?", said("¿cuánto cuesta el aceite?"));
    expect(a.productRequest).toBe(true);
    expect(a.productPhrase).toBe("aceite");
    expect(a.mainTopics).toEqual([]);
    expect(readConversation("¿y a cómo está el dólar?", said("¿cuánto cuesta el aceite?")).mainTopics).toEqual([
      "rate",
    ]);
  });

  it("'¿y frijoles?' after '¿tienen arroz?' searches the new product", () => {
    const a = readConversation("¿y frijoles?", said("¿tienen arroz?"));
    expect(a.productRequest).toBe(true);
    expect(a.productPhrase).toBe("frijoles");
  });

  it("a time said as a follow-up ('¿y si son las 3?') keeps the express question and brings the time", () => {
    const a = readConversation("¿y si son las 3?", said("¿hasta qué hora puedo pedir exprés?"));
    expect(a.mainTopics).toEqual(["express"]);
    expect(a.statedTime).toEqual({ hour: 15, minute: 0 });
  });

  it("'and can I cancel it?' after a question about my order stays about my order", () => {
    const a = readConversation("and can I cancel it?", said("where is my order"));
    expect(a.personalOrder).toBe(true);
    expect(a.mainTopics).toEqual(["cancel"]);
  });

  it("a new question is read on its own, whatever came before", () => {
    const a = readConversation("¿cómo se paga?", said("¿tienen arroz?"));
    expect(a.continues).toBe(false);
    expect(a.mainTopics).toEqual(["payment"]);
    expect(readConversation("gracias", said("¿cuánto cuesta el envío?")).mainTopics).toEqual([]);
  });

  it("a linked follow-up naming only a thing, a place or a figure asks the previous question about it", () => {
    const catalogue = new Set(["phones", "fridge"]);
    expect(
      readConversation("and for phones?", said("what's the warranty on the fridge"), catalogue).mainTopics,
    ).toEqual(["warranty"]);
    // 'phone' is a keyword (the support phone) and the name of products: here, the product.
    const phone = readConversation("and for a phone?", said("how long is the warranty on a tv"), new Set(["phone"]));
    expect(phone.mainTopics).toEqual(["warranty"]);
    expect(readConversation("and your phone?", said("how long is the warranty on a tv")).mainTopics).toEqual([
      "contact",
    ]);
    const figure = readConversation("and if i spend 60 dollars?", said("how much is shipping"));
    expect([figure.mainTopics, figure.productPhrase]).toEqual([["shippingCost"], ""]);
    // After a product question, it is another product; with a word asking for one, a product too.
    expect(readConversation("and beans?", said("do you have rice")).productRequest).toBe(true);
    expect(readConversation("y tienen aceite?", said("cuanto cuesta el envio")).productRequest).toBe(true);
  });

  it("a follow-up weakly about another topic completes a pair of the previous one ('y hasta qué hora?' after express)", () => {
    expect(readConversation("y hasta que hora?", said("tienen entrega express?")).mainTopics).toEqual(["express"]);
    // Said alone it is about the opening hours.
    expect(readConversation("y hasta que hora?", []).mainTopics).toEqual(["hours"]);
  });

  it("'which one is the cheapest, and does it come with a warranty?' asks for the cheapest of the product before, and the warranty", () => {
    const a = readConversation(
      "which one is the cheapest and does it come with warranty",
      said("do you sell air conditioners?"),
    );
    expect(a.productRequest).toBe(true);
    expect(a.productPhrase).toBe("air conditioners");
    expect(a.cheapest).toBe(true);
    expect(a.mainTopics).toContain("warranty");
    const b = readConversation("y el más barato cuánto es en CUP?", said("tienen power banks?"));
    expect(b.productPhrase).toBe("power banks");
    expect(b.cheapest).toBe(true);
  });

  it("'¿y cuánto se demoran en responderme?' after a question about selling is about the application's review", () => {
    const a = readConversation("y cuanto se demoran en responderme?", said("quiero vender mis productos en la tienda"));
    expect(a.mainTopics).toContain("seller");
  });
});
