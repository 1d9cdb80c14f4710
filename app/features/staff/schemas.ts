/** The staff page's forms (docs/decisions/016-staff-roles.md): zod schemas whose messages are translation keys. */
import { z } from "zod";
import { EmailSchema, FIELD_MAX } from "~/features/accounts/schemas";
import { textInput } from "~/utils/text";
import { STAFF_ROLES } from "./permissions";

const RoleSchema = z.enum(STAFF_ROLES, "admin.operators.errors.role");

const name = (max: number) =>
  textInput("admin.form.invalid")
    .optional()
    .transform((s) => (s ?? "").replaceAll("\u0000", "").trim())
    .pipe(textInput().max(max, "admin.form.tooLong"));

/** Add a staff member: an existing account by its email, or a new account with these names. */
export const StaffAddSchema = z.object({
  email: EmailSchema,
  role: RoleSchema,
  first_name: name(FIELD_MAX.first_name),
  last_name: name(FIELD_MAX.last_name),
});

/** Give a staff member another role. */
export const StaffRoleSchema = z.object({ email: EmailSchema, role: RoleSchema });

/** Take a staff member's rights away. */
export const StaffRemoveSchema = z.object({ email: EmailSchema });

export type StaffAddInput = z.output<typeof StaffAddSchema>;
