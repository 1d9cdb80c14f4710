import { analyse } from "~/features/chat/assistant/intents";
for (const m of process.argv.slice(2)) {
  const a = analyse(m);
  console.log(m, JSON.stringify({ main: a.mainTopics, topics: a.topics, clauses: a.clauses.map(c => [c.words.join(" "), c.scores, c.leftover.join(" ")]), pp: a.productPhrase, t: a.statedTime, inj: a.injection, prem: a.falsePremise, po: a.personalOrder, oc: a.orderCue }));
}
