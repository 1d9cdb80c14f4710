import { describe, expect, it } from "vitest";
import {
  ActivationSchema,
  LoginSchema,
  ProfileSchema,
  ResetConfirmSchema,
  ResetRequestSchema,
  SignupSchema,
  allOk,
  fieldErrors,
  isSimilarToPersonalData,
  passwordChecks,
  usernameChecks,
} from "./schemas";

const failing = (checks: Array<{ id: string; ok: boolean }>) => checks.filter((c) => !c.ok).map((c) => c.id);

const SIGNUP = {
  email: "Maria.Fernandez@Example.CU",
  username: "mariaf",
  first_name: "María",
  last_name: "Fernández",
  password: "Malecon#Habana-1959",
  re_password: "Malecon#Habana-1959",
};

describe("§5 username rules", () => {
  it.each([
    ["abc", []],
    ["a".repeat(30), []],
    ["cliente_1-x", []],
    ["9lives", []],
    ["ab", ["length"]],
    ["a".repeat(31), ["length"]],
    ["ana maria", ["noSpaces", "characters"]],
    ["ana\tmaria", ["noSpaces", "characters"]],
    ["Ana", ["lowercase"]],
    ["ana.maria", ["characters"]],
    ["añoño", ["characters"]],
    ["_ana", ["start"]],
    ["-ana", ["start"]],
    ["", ["length", "noSpaces", "lowercase", "characters", "start"]],
  ])("§5 %j fails %j", (username, expected) => {
    expect(failing(usernameChecks(username))).toEqual(expected);
  });
});

describe("§5 password rules", () => {
  it("§5 needs at least 8 characters", () => {
    expect(failing(passwordChecks("Ab3$xyz"))).toEqual(["length"]);
    expect(failing(passwordChecks("Ab3$xyzw"))).toEqual([]);
  });

  it("§5 refuses all digits, but accepts digits with anything else", () => {
    expect(failing(passwordChecks("4815162342"))).toEqual(["notNumeric"]);
    expect(failing(passwordChecks("4815162342a"))).toEqual([]);
  });

  it.each([
    "password",
    "PASSWORD",
    "PassWord",
    "qwerty",
    "QWERTY123",
    "admin",
    "Admin",
    "letmein",
    "LetMeIn",
    "123456",
  ])("§5 refuses the common password %j (case-insensitive)", (password) => {
    expect(failing(passwordChecks(password))).toContain("notCommon");
  });

  it("§5 accepts an uncommon password", () => {
    expect(allOk(passwordChecks("Malecon#Habana-1959"))).toBe(true);
  });

  it("§5 refuses a password containing the username, a name or the email local part, or contained in one", () => {
    const data = {
      username: "mariposa99",
      firstName: "Gertrudis",
      lastName: "Valdespino",
      email: "cubanito_2024@example.cu",
    };
    for (const password of [
      "xxMARIPOSA99xx",
      "gertrudis!2025",
      "1Valdespino#",
      "Cubanito_2024!",
      "anito_20",
      "valdespi",
    ]) {
      expect(isSimilarToPersonalData(password, data), password).toBe(true);
      expect(failing(passwordChecks(password, data)), password).toContain("notSimilar");
    }
    expect(isSimilarToPersonalData("Malecon#Habana-1959", data)).toBe(false);
  });

  it("§5 only counts parts of 3 or more characters", () => {
    // 'Al' and 'Li' are too short to count; 'Ana' (3) counts.
    expect(isSimilarToPersonalData("Alicante-2025", { firstName: "Al", lastName: "Li", email: "al@example.cu" })).toBe(
      false,
    );
    expect(isSimilarToPersonalData("Mananas-2025", { firstName: "Ana" })).toBe(true);
    // The domain of the email is not a part.
    expect(isSimilarToPersonalData("example-2025!", { email: "zz@example.cu" })).toBe(false);
  });

  it("§5 compares names without case or accents", () => {
    expect(isSimilarToPersonalData("FERNANDEZ-1990", { lastName: "Fernández" })).toBe(true);
    expect(isSimilarToPersonalData("fernández-1990", { lastName: "Fernandez" })).toBe(true);
  });

  it("§5 reports every failing rule of the live checklist at once", () => {
    expect(failing(passwordChecks("123456", { username: "123456" }))).toEqual([
      "length",
      "notNumeric",
      "notCommon",
      "notSimilar",
    ]);
    expect(failing(passwordChecks(""))).toEqual(["length", "notNumeric", "notCommon", "notSimilar"]);
  });
});

describe("§5 sign-up schema", () => {
  it("§5 accepts valid data and lower-cases the email", () => {
    const parsed = SignupSchema.parse(SIGNUP);
    expect(parsed.email).toBe("maria.fernandez@example.cu");
    expect(parsed.username).toBe("mariaf");
  });

  it("§5 names every broken field with its message key, even when others are missing", () => {
    const result = SignupSchema.safeParse({ username: "Mala Idea", password: "123", re_password: "x" });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!)).toEqual({
      email: "accounts.errors.required",
      first_name: "accounts.errors.required",
      last_name: "accounts.errors.required",
      username: "accounts.errors.username",
      password: "accounts.errors.password",
      re_password: "accounts.errors.passwordMismatch",
    });
  });

  it("§5 checks the password against the sign-up's own names and email", () => {
    const result = SignupSchema.safeParse({ ...SIGNUP, password: "Fernandez#77", re_password: "Fernandez#77" });
    expect(fieldErrors(result.error!)).toEqual({ password: "accounts.errors.password" });
  });

  it("§5 refuses blank names, a bad email, a NUL and over-long fields", () => {
    const errors = (data: Record<string, unknown>) =>
      fieldErrors(SignupSchema.safeParse({ ...SIGNUP, ...data }).error!);
    expect(errors({ first_name: "   " })).toEqual({ first_name: "accounts.errors.required" });
    expect(errors({ email: "no-es-correo" })).toEqual({ email: "accounts.errors.email" });
    expect(errors({ last_name: "Díaz\u0000" })).toEqual({ last_name: "accounts.errors.required" });
    expect(errors({ first_name: "x".repeat(151) })).toEqual({ first_name: "accounts.errors.tooLong" });
    expect(errors({ password: "x".repeat(129), re_password: "x".repeat(129) })).toEqual({
      password: "accounts.errors.tooLong",
    });
  });
});

describe("§5 other account schemas", () => {
  it("§7.5 login trims and lower-cases the email; both fields required", () => {
    expect(LoginSchema.parse({ email: "  Ana@Example.CU ", password: "x" })).toEqual({
      email: "ana@example.cu",
      password: "x",
    });
    expect(fieldErrors(LoginSchema.safeParse({}).error!)).toEqual({
      email: "accounts.errors.required",
      password: "accounts.errors.required",
    });
  });

  it("§7.5 activation and reset request need their fields", () => {
    expect(fieldErrors(ActivationSchema.safeParse({ uid: "", token: 5 }).error!)).toEqual({
      uid: "accounts.errors.required",
      token: "accounts.errors.required",
    });
    expect(fieldErrors(ResetRequestSchema.safeParse({ email: "x" }).error!)).toEqual({
      email: "accounts.errors.email",
    });
  });

  it("§5 reset confirm: 'Passwords do not match' on a mismatch", () => {
    const base = { uid: "MQ", token: "t", new_password: "Nueva#Clave-2025" };
    expect(ResetConfirmSchema.safeParse({ ...base, re_new_password: "Nueva#Clave-2025" }).success).toBe(true);
    expect(fieldErrors(ResetConfirmSchema.safeParse({ ...base, re_new_password: "otra" }).error!)).toEqual({
      re_new_password: "accounts.errors.passwordMismatch",
    });
  });

  it("§5 §2.16 profile: five optional fields, trimmed; a phone of digits and + - ( ) and spaces", () => {
    expect(ProfileSchema.parse({})).toEqual({
      address: "",
      city: "",
      state_province_region: "",
      zipcode: "",
      phone: "",
    });
    expect(ProfileSchema.parse({ phone: " +53 (7) 555-1234 ", email: "ignored@example.cu" })).toEqual({
      address: "",
      city: "",
      state_province_region: "",
      zipcode: "",
      phone: "+53 (7) 555-1234",
    });
    expect(fieldErrors(ProfileSchema.safeParse({ phone: "llama al 5555" }).error!)).toEqual({
      phone: "accounts.errors.phone",
    });
    expect(fieldErrors(ProfileSchema.safeParse({ zipcode: "1".repeat(21) }).error!)).toEqual({
      zipcode: "accounts.errors.tooLong",
    });
  });
});
