import { VOCABULARY as V } from "~/features/chat/assistant/vocabulary";
import { findKeyword } from "~/features/chat/assistant/text";
const lists: Record<string,string[]> = { ...Object.fromEntries(Object.entries(V.topics).map(([k,t])=>[k,[...t.strong,...t.weak,...t.together.flat(2)]])), cues:[...V.productCues.ask, ...V.productCues.price, ...V.productCues.stock], order: V.orderWords };
for (const w of process.argv.slice(2)) for (const [n,l] of Object.entries(lists)) { const m = l.filter(k => findKeyword([w], k, new Set()).length>0); if (m.length) console.log(w, n, m); }
