/**
 * Text from outside — JSON bodies, forms, query strings — as every schema reads it: a
 * string holding ill-formed Unicode (a lone UTF-16 surrogate such as "\ud800", which JSON can
 * carry but UTF-8 and PostgreSQL cannot) is refused at the boundary with a field error, before
 * anything is stored. Use `textInput()` wherever a schema would say `z.string()`.
 */
import { z } from "zod";

/** The field error of ill-formed text (a key of the shell's messages: every page and the API have it). */
export const ILL_FORMED_TEXT = "error.illFormedText";

/** A lone surrogate: in a `u` regex, a paired one is part of its code point and never matches. */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * Whether `value` is well-formed Unicode (`String.prototype.isWellFormed`, written as a regex: the
 * shared schemas also run in browsers older than the method).
 */
export const isWellFormedText = (value: string) => !LONE_SURROGATE.test(value);

/**
 * `z.string(params)` that refuses ill-formed Unicode first (no later check runs on such a value); it
 * chains like any string schema (`.trim().min(1).max(80)`).
 */
export function textInput(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine(isWellFormedText, { error: ILL_FORMED_TEXT, abort: true });
}

/** `%`, `_` and `\` typed in a back-office search box are searched for literally (`ilike` patterns). */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
