-- What the search ranking compares, stored per product instead of computed per matching row at
-- query time (issue 23, app/features/search/search-index.server.ts): the head of the names (the
-- product's kind) and the names' own words. Existing products are filled here with the same
-- expressions; from now on refreshSearchIndex and indexProducts maintain them with search_vector.
ALTER TABLE "products" ADD COLUMN "head_vector" "tsvector";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "name_words_vector" "tsvector";--> statement-breakpoint
UPDATE "products" p SET
  "head_vector" = to_tsvector('simple', h.head) || to_tsvector('spanish', h.head) || to_tsvector('english', h.head),
  "name_words_vector" = to_tsvector('simple', f_unaccent(lower(p.name || ' ' || coalesce(p.name_en, ''))))
FROM (
  SELECT id,
    regexp_replace(regexp_replace(f_unaccent(lower(name)),
      '\m(de|del|en|con|para|sin|por|y|e|o|a)\M.*$', ''), '\S*[0-9].*$', '')
    || ' ' ||
    coalesce(substring(regexp_replace(regexp_replace(regexp_replace(
      f_unaccent(lower(coalesce(name_en, ''))),
      '\m(in|with|for|of|and|without|or|to)\M.*$', ''),
      '\S*[0-9]\S*', ' ', 'g'),
      '\m(gb|tb|mb|kg|g|mg|mcg|ml|l|w|kw|wh|btu|cm|mm|count|pack|rolls|x)\M', ' ', 'g')
    from '(\S+)\s*$'), '') AS head
  FROM "products"
) h
WHERE h.id = p.id AND p.search_vector IS NOT NULL;
