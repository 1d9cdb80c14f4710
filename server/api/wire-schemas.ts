/**
 * OpenAPI schemas of the wire shapes in `app/features/catalog/types.ts` (spec §3, §7.1). The
 * compile-time checks at the bottom fail the typecheck when the two drift apart.
 */
import { z } from "@hono/zod-openapi";
import type {
  CategoryDto,
  CompanyInfoDto,
  ProductCardDto,
  ProductDto,
  SlideDto,
  SubcategoryDto,
} from "~/features/catalog/types";

export const SubcategorySchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    name_en: z.string().nullable(),
    image_url: z.string().nullable(),
  })
  .openapi("Subcategory");

export const CategorySchema = SubcategorySchema.extend({ sub_categories: z.array(SubcategorySchema) }).openapi(
  "Category",
);

const CategoryRefSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  name_en: z.string().nullable(),
});

export const ProductCardSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    name_en: z.string().nullable(),
    display_name: z.string().openapi({ description: "name_en when lang=en and it exists, else name (D3)." }),
    price: z.number().openapi({ description: "USD, at most 2 decimals (D1).", example: 12.5 }),
    original_price: z.number(),
    compare_price: z.number().openapi({ description: "Same as original_price." }),
    wholesale_price: z.number().nullable().openapi({ description: "Unit price from 10 units (D13b)." }),
    quantity: z.number().int().openapi({ description: "Stock; 0 means out of stock." }),
    sold: z.number().int(),
    brand: z.string(),
    shop_city: z.string(),
    image_url: z.string().nullable(),
    colors_list: z.array(z.string()),
    color_hex_mapping: z.record(z.string(), z.string()),
    has_multiple_colors: z.boolean(),
    varieties_list: z.array(z.string()),
    rating: z.number().nullable().openapi({ description: "Average rating, 1 decimal; null without reviews (D10)." }),
    reviews_count: z.number().int(),
    category: CategoryRefSchema,
    date_created: z.string().openapi({ format: "date-time" }),
  })
  .openapi("ProductCard");

export const ProductSchema = ProductCardSchema.extend({
  description: z.string().openapi({ description: "In English when lang=en and an English text exists (D3)." }),
  description_en: z.string().nullable(),
  model: z.string(),
  weight: z.string(),
  dimensions: z.string(),
  color: z.string(),
  warranty: z.boolean(),
  image2_url: z.string().nullable(),
  image3_url: z.string().nullable(),
  image4_url: z.string().nullable(),
  features_list: z.array(z.string()),
  parent_category: CategoryRefSchema.nullable(),
}).openapi("Product");

export const PagedProductsSchema = z
  .object({
    results: z.array(ProductCardSchema),
    count: z.number().int().openapi({ description: "Matches over all pages." }),
  })
  .openapi("PagedProducts");

export const SlideSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    subtitle: z.string(),
    image_url: z.string(),
    link: z.string().nullable(),
    app_link: z.string().nullable(),
    has_whatsapp: z.boolean(),
    phone_number: z.string(),
    whatsapp_message: z.string(),
  })
  .openapi("Slide");

export const CompanyInfoSchema = z
  .object({
    name: z.string(),
    description: z.string(),
    company_logo_url: z.string(),
    facebook_url: z.string(),
    twitter_url: z.string(),
    instagram_url: z.string(),
    linkedin_url: z.string(),
    att_phone: z.string(),
    support_email: z.string(),
    sells_phone: z.string(),
    sales_email: z.string(),
    providers: z.number().int(),
    products: z.number().int(),
  })
  .openapi("CompanyInfo");

// Both directions must be assignable: a field added to or removed from a DTO fails here.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const same = <T extends true>(): T | undefined => undefined;
same<Same<z.infer<typeof SubcategorySchema>, SubcategoryDto>>();
same<Same<z.infer<typeof CategorySchema>, CategoryDto>>();
same<Same<z.infer<typeof ProductCardSchema>, ProductCardDto>>();
same<Same<z.infer<typeof ProductSchema>, ProductDto>>();
same<Same<z.infer<typeof SlideSchema>, SlideDto>>();
same<Same<z.infer<typeof CompanyInfoSchema>, CompanyInfoDto>>();
