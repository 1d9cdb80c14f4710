/**
 * The embedded database belongs to the one process that opened it (its data directory is locked),
 * so `npm run backup` cannot open it while the store serves: it asks the serving process, over a
 * Unix socket in DATA_DIR that only the owner of DATA_DIR may open, and that process writes the
 * backup and sends it back (docs/decisions/011-backups.md). Nothing listens on the network.
 *
 * Protocol: the client sends `BACKUP\n`; the server answers `OK <bytes>\n` and the archive, or
 * `ERROR <message>\n`.
 */
import { createHash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { logger } from "~/utils/logger.server";
import { type Manifest, readArchive } from "./archive.server";
import { type BackupDeps, writeBackup } from "./backup.server";

/** Unix socket paths are limited to about 104 bytes; a deep DATA_DIR gets one in the temp directory. */
const MAX_SOCKET_PATH = 100;
const REQUEST_TIMEOUT_MS = 10_000;

/** The serving process's backup socket for `dataDir`. */
export function backupSocketPath(dataDir: string): string {
  const inside = path.join(path.resolve(dataDir), "backup.sock");
  if (Buffer.byteLength(inside) <= MAX_SOCKET_PATH) return inside;
  const id = createHash("sha256").update(path.resolve(dataDir)).digest("hex").slice(0, 16);
  return path.join(os.tmpdir(), `tienda-backup-${id}.sock`);
}

/** Serves backups to `npm run backup` on the socket of DATA_DIR until `close`. */
export async function startBackupControl(deps: BackupDeps): Promise<{ close: () => Promise<void> }> {
  const socketPath = backupSocketPath(deps.env.DATA_DIR);
  // Left behind by a process that died: this one holds the data directory's lock now.
  await fs.rm(socketPath, { force: true });
  const server = net.createServer((socket) => {
    socket.setTimeout(REQUEST_TIMEOUT_MS, () => socket.destroy());
    let request = "";
    socket.on("data", (chunk) => {
      request += chunk.toString("utf8");
      if (request.length > 64) return socket.destroy();
      if (!request.includes("\n")) return;
      socket.removeAllListeners("data");
      socket.setTimeout(0);
      if (request.trim() !== "BACKUP") return void socket.end("ERROR unknown request\n");
      void answer(socket);
    });
    socket.on("error", () => socket.destroy());
  });
  async function answer(socket: net.Socket) {
    const work = await fs.mkdtemp(path.join(os.tmpdir(), "tienda-backup-socket-"));
    try {
      const file = path.join(work, "backup.tar");
      const started = Date.now();
      const manifest = await writeBackup(deps, file);
      const { size } = await fs.stat(file);
      socket.write(`OK ${size}\n`);
      await pipeline(createReadStream(file), socket);
      logger.info(
        { bytes: size, media: manifest.media.count, ms: Date.now() - started },
        "Backup written for npm run backup",
      );
    } catch (error) {
      logger.error({ err: error }, "A backup asked for on the backup socket failed");
      if (!socket.destroyed) socket.end(`ERROR ${(error as Error).message.split("\n")[0]}\n`);
    } finally {
      await fs.rm(work, { recursive: true, force: true });
    }
  }
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketPath, () => resolve());
  });
  await fs.chmod(socketPath, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        void fs.rm(socketPath, { force: true });
      }),
  };
}

export class BackupRequestError extends Error {}

/**
 * Asks the process serving `dataDir` for a backup and writes it to `file`. Null when no process
 * listens there (the store is stopped: the caller opens the database itself).
 */
export async function requestBackup(dataDir: string, file: string): Promise<Manifest | null> {
  const socket = net.connect(backupSocketPath(dataDir));
  const connected = await new Promise<boolean>((resolve, reject) => {
    socket.once("connect", () => resolve(true));
    socket.once("error", (error: NodeJS.ErrnoException) =>
      error.code === "ENOENT" || error.code === "ECONNREFUSED" ? resolve(false) : reject(error),
    );
  });
  if (!connected) return null;
  socket.write("BACKUP\n");
  const out = createWriteStream(file);
  let header = Buffer.alloc(0);
  let expected: number | null = null;
  let received = 0;
  await new Promise<void>((resolve, reject) => {
    const fail = (error: Error) => {
      socket.destroy();
      out.destroy();
      reject(error);
    };
    socket.on("data", (chunk: Buffer) => {
      if (expected === null) {
        header = Buffer.concat([header, chunk]);
        const newline = header.indexOf(10);
        if (newline < 0) return header.length > 1024 ? fail(new BackupRequestError("Bad answer")) : undefined;
        const line = header.subarray(0, newline).toString("utf8");
        const match = /^OK (\d+)$/.exec(line);
        if (!match)
          return fail(new BackupRequestError(`The store could not write the backup: ${line.replace(/^ERROR /, "")}`));
        expected = Number(match[1]);
        chunk = header.subarray(newline + 1);
      }
      received += chunk.length;
      if (!out.write(chunk)) {
        socket.pause();
        out.once("drain", () => socket.resume());
      }
    });
    socket.once("error", fail);
    socket.once("end", () => {
      if (expected === null || received !== expected) {
        return fail(
          new BackupRequestError(`The store's answer was cut short (${received} of ${expected ?? "?"} bytes)`),
        );
      }
      out.end(() => resolve());
    });
  });
  const first = await readArchive(file).next();
  return first.value as Manifest;
}
