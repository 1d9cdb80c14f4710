import { describe, expect, it } from "vitest";
import { withCanonicalQuery } from "./listing-meta";
import {
  DEFAULT_LISTING,
  likelyPhone,
  listingSearch,
  parseListingParams,
  parsePage,
  sortToggle,
  withoutView,
} from "./listing-params";

const parse = (query: string) => parseListingParams(new URLSearchParams(query));

describe("listing query (§2.8, §4.6, D12b)", () => {
  it("reads the §9 values and writes them back as the same URL, defaults left out", () => {
    const query = "?price_range=20+-+39&sort_by=price&order=asc&p=2&view=list";
    const params = parse(query);
    expect(params).toEqual({ priceRange: "20 - 39", sortBy: "price", order: "asc", page: 2, view: "list" });
    expect(listingSearch(params)).toBe(query);
    expect(listingSearch(DEFAULT_LISTING)).toBe("");
    expect(listingSearch({ ...DEFAULT_LISTING, order: "asc" })).toBe("?sort_by=date_created&order=asc");
    expect(listingSearch(params, [["q", "café & té"]], { keepView: false })).toBe(
      "?q=caf%C3%A9+%26+t%C3%A9&price_range=20+-+39&sort_by=price&order=asc&p=2",
    );
  });

  it("falls back to defaults for anything unknown", () => {
    expect(parse("price_range=1-19&sort_by=relevance&order=up&p=x&view=table")).toEqual(DEFAULT_LISTING);
    expect(parse("sort_by=name")).toMatchObject({ sortBy: "name", order: "asc" });
    expect(parse("sort_by=sold&order=bad")).toMatchObject({ sortBy: "sold", order: "desc" });
    for (const bad of [null, "", "0", "-1", "1.5", " ", "1e3", "0x10"]) expect(parsePage(bad), String(bad)).toBe(1);
    expect(parsePage(" 3 ")).toBe(3);
    expect(parsePage("123456789012345678901234")).toBe(100_000);
  });

  it("choosing the current field toggles its order; another field starts in its own order, page 1", () => {
    const priceAsc = sortToggle({ ...DEFAULT_LISTING, page: 3 }, "price");
    expect(priceAsc).toMatchObject({ sortBy: "price", order: "asc", page: 1 });
    expect(sortToggle(priceAsc, "price")).toMatchObject({ sortBy: "price", order: "desc" });
    expect(sortToggle(sortToggle(priceAsc, "price"), "price")).toMatchObject({ order: "asc" });
    expect(sortToggle(priceAsc, "date_created")).toMatchObject({ sortBy: "date_created", order: "desc" });
    expect(sortToggle(priceAsc, "name")).toMatchObject({ sortBy: "name", order: "asc" });
  });

  it("a change of view alone is the same data", () => {
    const a = new URL("http://x/es/shop/a/b?sort_by=price&order=asc&view=list");
    const b = new URL("http://x/es/shop/a/b?order=asc&sort_by=price");
    expect(withoutView(a)).toBe(withoutView(b));
    expect(withoutView(a)).not.toBe(withoutView(new URL("http://x/es/shop/a/b?sort_by=price&order=desc")));
  });

  it("guesses phones from the User-Agent", () => {
    expect(
      likelyPhone("Mozilla/5.0 (Linux; Android 13; SM-A145M) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36"),
    ).toBe(true);
    expect(likelyPhone("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148")).toBe(true);
    expect(likelyPhone("Mozilla/5.0 (X11; Linux x86_64) Chrome/120 Safari/537.36")).toBe(false);
    expect(likelyPhone(null)).toBe(false);
  });

  it("adds the listing query to canonical, alternates and og:url only", () => {
    const tags = withCanonicalQuery(
      [
        { title: "x" },
        { property: "og:url", content: "http://h/es/shop/a" },
        { tagName: "link", rel: "canonical", href: "http://h/es/shop/a" },
        { tagName: "link", rel: "alternate", hrefLang: "en", href: "http://h/en/shop/a" },
        { tagName: "link", rel: "stylesheet", href: "/x.css" },
      ],
      "?p=2",
    );
    expect(tags).toEqual([
      { title: "x" },
      { property: "og:url", content: "http://h/es/shop/a?p=2" },
      { tagName: "link", rel: "canonical", href: "http://h/es/shop/a?p=2" },
      { tagName: "link", rel: "alternate", hrefLang: "en", href: "http://h/en/shop/a?p=2" },
      { tagName: "link", rel: "stylesheet", href: "/x.css" },
    ]);
  });
});
