/**
 * The account's wire shapes, in djoser's field names (spec §7.5): the public user of `users/me`
 * and sign-up, and the token pair of sign-in.
 */

export type PublicUserDto = {
  id: number;
  email: string;
  username: string;
  first_name: string;
  last_name: string;
};

export type TokenPairDto = { access: string; refresh: string };
