// `npm run db:migrate` and `npm run db:seed`: the same steps the server runs at start, on their own.
import { openDatabase } from "~/db/client.server";
import { seedDemoStore } from "~/db/seed/seed.server";
import { mediaStore } from "~/features/media/store.server";
import { getEnv } from "~/utils/env.server";

const command = process.argv[2];
const env = getEnv();
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
try {
  await database.migrate();
  console.log(`Migrated (${database.kind}).`);
  if (command === "seed") {
    const seeded = await seedDemoStore(database.db, { media: mediaStore(env) });
    console.log(seeded ? "Demo store seeded." : "The database already holds data: nothing seeded.");
  }
} finally {
  await database.close();
}
