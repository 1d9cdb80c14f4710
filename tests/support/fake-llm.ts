/**
 * A fake OpenAI-compatible chat-completions server on loopback, for tests of the assistant's
 * model path (D23) and for others' e2e: point `CHAT_LLM_URL` at `url` (it serves
 * `POST {url}/chat/completions`). It records every request (headers and JSON body), so a test can
 * check what the model was told, and answers with configurable content, delay, status or a
 * broken body. Nothing leaves the machine.
 *
 * @example
 *   const llm = await startFakeLlm({ reply: "Hola" });
 *   const env = createTestEnv({ CHAT_LLM_URL: llm.url });
 *   ...
 *   expect(llm.requests[0].body.messages[0].content).toContain("FACTS");
 *   await llm.close();
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export type FakeLlmBehaviour = {
  /** The assistant text answered (default "Respuesta del modelo."). */
  reply?: string;
  /** Milliseconds to wait before answering. */
  delayMs?: number;
  /** HTTP status to answer with (default 200); a non-2xx sends an OpenAI-like error body. */
  status?: number;
  /** "badJson" sends a body that is not JSON; "empty" sends a completion with no content. */
  broken?: "badJson" | "empty";
};

export type RecordedLlmRequest = {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: {
    model?: string;
    messages?: Array<{ role: string; content: string }>;
    [key: string]: unknown;
  };
};

export type FakeLlm = {
  /** Base URL to use as CHAT_LLM_URL (`http://127.0.0.1:<port>/v1`). */
  url: string;
  requests: RecordedLlmRequest[];
  /** Changes how the next requests are answered. */
  set(behaviour: FakeLlmBehaviour): void;
  close(): Promise<void>;
};

export async function startFakeLlm(initial: FakeLlmBehaviour = {}): Promise<FakeLlm> {
  let behaviour: FakeLlmBehaviour = { ...initial };
  const requests: RecordedLlmRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      let body: RecordedLlmRequest["body"] = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as RecordedLlmRequest["body"];
      } catch {
        body = {};
      }
      requests.push({ path: req.url ?? "", headers: req.headers, body });
      const b = behaviour;
      const answer = () => {
        if (res.destroyed) return;
        if (req.method !== "POST" || !req.url?.endsWith("/v1/chat/completions")) {
          res
            .writeHead(404, { "content-type": "application/json" })
            .end(JSON.stringify({ error: { message: "not found" } }));
          return;
        }
        const status = b.status ?? 200;
        if (status < 200 || status >= 300) {
          res
            .writeHead(status, { "content-type": "application/json" })
            .end(JSON.stringify({ error: { message: "fake failure" } }));
          return;
        }
        if (b.broken === "badJson") {
          res.writeHead(200, { "content-type": "application/json" }).end("{not json");
          return;
        }
        const content = b.broken === "empty" ? "" : (b.reply ?? "Respuesta del modelo.");
        res.writeHead(200, { "content-type": "application/json" }).end(
          JSON.stringify({
            id: `chatcmpl-fake-${requests.length}`,
            object: "chat.completion",
            created: Math.floor(Date.now() / 1000),
            model: body.model ?? "fake",
            choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
          }),
        );
      };
      if (b.delayMs) {
        const timer = setTimeout(() => {
          timers.delete(timer);
          answer();
        }, b.delayMs);
        timers.add(timer);
      } else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    set(next) {
      behaviour = { ...next };
    },
    close: async () => {
      for (const t of timers) clearTimeout(t);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
