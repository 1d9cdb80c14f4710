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
import { textInput } from "~/utils/text";
import { WHOLESALE_MIN_UNITS } from "~/features/cart/wholesale";

export const SubcategorySchema = z
  .object({
    id: z.number().int(),
    slug: textInput(),
    name: textInput(),
    name_en: textInput().nullable(),
    image_url: textInput().nullable(),
  })
  .openapi("Subcategory");

export const CategorySchema = SubcategorySchema.extend({ sub_categories: z.array(SubcategorySchema) }).openapi(
  "Category",
);

const CategoryRefSchema = z.object({
  id: z.number().int(),
  slug: textInput(),
  name: textInput(),
  name_en: textInput().nullable(),
});

export const ProductCardSchema = z
  .object({
    id: z.number().int(),
    name: textInput(),
    name_en: textInput().nullable(),
    display_name: textInput().openapi({ description: "name_en when lang=en and it exists, else name (D3)." }),
    price: z.number().openapi({ description: "USD, at most 2 decimals (D1).", example: 12.5 }),
    original_price: z.number(),
    compare_price: z.number().openapi({ description: "Same as original_price." }),
    wholesale_price: z
      .number()
      .nullable()
      .openapi({ description: `Unit price from ${WHOLESALE_MIN_UNITS} units (D13b).` }),
    quantity: z.number().int().openapi({
      description: "Stock; 0 means out of stock. A combo's is the number of whole combos its parts allow.",
    }),
    sold: z.number().int(),
    brand: textInput(),
    shop_city: textInput(),
    image_url: textInput().nullable(),
    colors_list: z.array(textInput()),
    color_hex_mapping: z.record(textInput(), textInput()),
    has_multiple_colors: z.boolean(),
    varieties_list: z.array(textInput()),
    rating: z.number().nullable().openapi({ description: "Average rating, 1 decimal; null without reviews (D10)." }),
    reviews_count: z.number().int(),
    category: CategoryRefSchema,
    date_created: textInput().openapi({ format: "date-time" }),
    is_combo: z.boolean().openapi({ description: "A combo: several products sold as one (decision 015)." }),
    combo_parts: z
      .array(
        z
          .object({
            id: z.number().int().openapi({ description: "The part's product id." }),
            name: textInput().openapi({ description: "The part's name in the language asked for." }),
            quantity: z.number().int().openapi({ description: "Units of the part in one combo (1 to 99)." }),
          })
          .openapi("ComboPart"),
      )
      .openapi({ description: "A combo's contents; empty for any other product." }),
  })
  .openapi("ProductCard");

export const ProductSchema = ProductCardSchema.extend({
  description: textInput().openapi({ description: "In English when lang=en and an English text exists (D3)." }),
  description_en: textInput().nullable(),
  model: textInput(),
  weight: textInput(),
  dimensions: textInput(),
  color: textInput(),
  warranty: z.boolean(),
  image2_url: textInput().nullable(),
  image3_url: textInput().nullable(),
  image4_url: textInput().nullable(),
  features_list: z.array(textInput()),
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
    title: textInput(),
    subtitle: textInput(),
    image_url: textInput(),
    link: textInput().nullable(),
    app_link: textInput().nullable(),
    has_whatsapp: z.boolean(),
    phone_number: textInput(),
    whatsapp_message: textInput(),
  })
  .openapi("Slide");

export const CompanyInfoSchema = z
  .object({
    name: textInput(),
    description: textInput(),
    company_logo_url: textInput(),
    facebook_url: textInput(),
    twitter_url: textInput(),
    instagram_url: textInput(),
    linkedin_url: textInput(),
    att_phone: textInput(),
    support_email: textInput(),
    sells_phone: textInput(),
    sales_email: textInput(),
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
