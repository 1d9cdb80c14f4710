// `npm run operator -- <command>`: manages the back office's staff and their roles (decision “The back office”,
// decision 016) on the
// database of the run contract (DATABASE_URL, else the embedded one under DATA_DIR). Each change
// is written to the audit log with the actor `cli:<os user>`.
import os from "node:os";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { DataDirLockedError, type Db, openDatabase } from "~/db/client.server";
import type { FieldErrors } from "~/features/accounts/accounts.server";
import {
  OPERATOR_ERRORS,
  cliActor,
  createOperator,
  grantOperator,
  listOperators,
  revokeOperator,
} from "~/features/accounts/operators.server";
import { resetStaffTwoFactor } from "~/features/accounts/two-factor-reset.server";
import { STAFF_ROLES, type StaffRole, isStaffRole } from "~/features/staff/permissions";
import { getEnv } from "~/utils/env.server";

export const USAGE = `Usage: npm run operator -- <command>

Commands:
  create <email> [--role <role>] [--password <pw>] [--first-name <name>] [--last-name <name>]
                   Creates an active staff account. Without --password, a strong
                   password is generated and printed once.
  grant <email> [--role <role>]
                   Gives an existing, active account a staff role, or a staff member
                   another role (the last active owner stays an owner).
  revoke <email>   Makes a staff member a customer again (not the last active owner).
  reset-2fa <email>
                   Resets a staff member's two-factor sign-in (a lost device): the secret,
                   recovery codes and verified sessions go; the member enrols again at the
                   next back-office visit. For an owner locked out with no other owner.
  list             Lists the staff with their roles.
  --help           Shows this help.

Roles (--role, default owner): owner (everything, including staff), manager (catalogue,
categories, prices, rate, coupons, slides, company info, synonyms, delivery zones),
dispatcher (orders: status moves, delivery sheets), support (orders, read-only).

The database is the server's: DATABASE_URL (PostgreSQL), else the embedded one under DATA_DIR
(default ./data). The embedded database cannot be opened while the server runs: stop it first.`;

/** What the command prints for each error key (the command line speaks English, like the logs). */
const MESSAGES: Record<string, string> = {
  "accounts.errors.required": "an email is required",
  "accounts.errors.email": "that is not a valid email address",
  "accounts.errors.emailTaken": "an account with that email already exists (use `grant` to give it a role)",
  "accounts.errors.tooLong": "too long",
  "accounts.errors.password":
    "the password does not meet the rules: at least 8 characters, not only digits, not a common password, not similar to the email, username or names",
  [OPERATOR_ERRORS.unknownEmail]: "no account has that email (use `create`)",
  [OPERATOR_ERRORS.alreadyOperator]: "that account already has that role",
  [OPERATOR_ERRORS.notOperator]: "that account is not staff",
  [OPERATOR_ERRORS.inactive]: "that account is not active yet (it must be activated from its email first)",
  [OPERATOR_ERRORS.lastOwner]:
    "that is the last active owner: create or grant another owner first, so the back office keeps one",
  [OPERATOR_ERRORS.role]: `the role must be one of ${STAFF_ROLES.join(", ")}`,
  [OPERATOR_ERRORS.noUsername]: "no free username could be derived from that email",
};

const describeErrors = (errors: FieldErrors) =>
  Object.entries(errors)
    .flatMap(([field, keys]) => keys.map((key) => `${field.replace("_", " ")}: ${MESSAGES[key] ?? key}`))
    .join("; ");

export type Io = { out: (line: string) => void; err: (line: string) => void };

class UsageError extends Error {}

/** Runs one command on `db`; returns the exit code. */
export async function runOperatorCommand(db: Db, argv: string[], io: Io, osUser?: string | null): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        password: { type: "string" },
        role: { type: "string" },
        "first-name": { type: "string" },
        "last-name": { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${USAGE}`);
    return 1;
  }
  const { values, positionals } = parsed;
  const [command, email, ...extra] = positionals;
  if (values.help || command === "help") {
    io.out(USAGE);
    return 0;
  }
  const actor = cliActor(osUser);
  try {
    const needsEmail = (name: string) => {
      if (!email || extra.length) throw new UsageError(`\`${name}\` takes exactly one email.`);
      if (name !== "create" && (values.password || values["first-name"] || values["last-name"]))
        throw new UsageError(`\`${name}\` takes no options but --role.`);
      if ((name === "revoke" || name === "reset-2fa") && values.role !== undefined)
        throw new UsageError(`\`${name}\` takes no options.`);
      return email;
    };
    const role = (): StaffRole => {
      const value = values.role ?? "owner";
      if (!isStaffRole(value)) throw new UsageError(`Unknown role \`${value}\`: one of ${STAFF_ROLES.join(", ")}.`);
      return value;
    };
    switch (command) {
      case "create": {
        const result = await createOperator(
          { db },
          needsEmail("create"),
          {
            password: values.password,
            firstName: values["first-name"],
            lastName: values["last-name"],
            role: role(),
          },
          actor,
        );
        if (!result.ok) return failed(io, `Could not create the operator: ${describeErrors(result.errors)}.`);
        const { user, generatedPassword } = result.value;
        io.out(`Created ${user.role} ${user.email} (username ${user.username}, id ${user.id}).`);
        if (generatedPassword) io.out(`Password (shown only this once): ${generatedPassword}`);
        return 0;
      }
      case "grant": {
        const result = await grantOperator(db, needsEmail("grant"), actor, role());
        if (!result.ok) return failed(io, `Could not grant: ${describeErrors(result.errors)}.`);
        io.out(`${result.value.email} now has the role ${result.value.role}.`);
        return 0;
      }
      case "revoke": {
        const result = await revokeOperator(db, needsEmail("revoke"), actor);
        if (!result.ok) return failed(io, `Could not revoke: ${describeErrors(result.errors)}.`);
        io.out(`${result.value.email} is no longer staff; open sessions lost the back office at once.`);
        return 0;
      }
      case "reset-2fa": {
        const result = await resetStaffTwoFactor(db, needsEmail("reset-2fa"), actor);
        if (!result.ok) return failed(io, `Could not reset two-factor: ${describeErrors(result.errors)}.`);
        io.out(`${result.value.email}'s two-factor sign-in was reset: they enrol again at the next back-office visit.`);
        return 0;
      }
      case "list": {
        if (email || values.role !== undefined) throw new UsageError("`list` takes no arguments.");
        const operators = await listOperators(db);
        if (!operators.length) io.out("No staff.");
        for (const op of operators) {
          const name = [op.firstName, op.lastName].filter(Boolean).join(" ");
          const state = op.isActive ? "active" : "inactive";
          const seen = op.lastLogin ? `last sign-in ${op.lastLogin.toISOString()}` : "never signed in";
          io.out(`${op.email}\t${op.role}\t${op.username}${name ? `\t${name}` : ""}\t${state}\t${seen}`);
        }
        return 0;
      }
      default:
        throw new UsageError(command ? `Unknown command \`${command}\`.` : "No command given.");
    }
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\n\n${USAGE}`);
      return 1;
    }
    throw error;
  }
}

function failed(io: Io, message: string): number {
  io.err(message);
  return 1;
}

function osUserName(): string | null {
  try {
    return os.userInfo().username || null;
  } catch {
    return null;
  }
}

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  const io: Io = { out: (line) => console.log(line), err: (line) => console.error(line) };
  if (!argv.length || argv.includes("--help") || argv.includes("-h")) {
    (argv.length ? io.out : io.err)(USAGE);
    return argv.length ? 0 : 1;
  }
  let database;
  try {
    const env = getEnv();
    database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
    await database.migrate();
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      io.err(
        `The embedded database is in use, probably by the running server:\n${error.message}\n` +
          "The operator command needs it to itself: stop the server, run the command, then start the server again.",
      );
    } else {
      io.err(`Could not open the database: ${(error as Error).message}`);
    }
    await database?.close();
    return 1;
  }
  try {
    return await runOperatorCommand(database.db, argv, io, osUserName());
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(`The operator command failed: ${(error as Error).message}`);
      process.exit(1);
    },
  );
}
