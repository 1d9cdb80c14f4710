// A test-only Node preload (`node --import ./tests/e2e/fake-clock.mjs ...`): when FAKE_NOW holds an
// ISO time, the process's clock starts at that instant and ticks on from there. Only "now" moves:
// `new Date()` without arguments, `Date()` and `Date.now()`; a Date built from a value, the
// statics and the prototype are the real ones, so `instanceof Date` still holds. The app has no
// clock override of its own (it reads `new Date()`), which is what makes this possible; the e2e
// run uses it for the express cut-off (D15, playwright.config.ts's clock server).
const fakeNow = process.env.FAKE_NOW;

if (fakeNow) {
  const RealDate = globalThis.Date;
  const start = RealDate.parse(fakeNow);
  if (Number.isNaN(start)) throw new Error(`FAKE_NOW is not a date: ${JSON.stringify(fakeNow)}`);
  const offset = start - RealDate.now();
  const now = () => RealDate.now() + offset;

  globalThis.Date = new Proxy(RealDate, {
    construct(target, args, newTarget) {
      return Reflect.construct(target, args.length === 0 ? [now()] : args, newTarget);
    },
    apply() {
      return new RealDate(now()).toString();
    },
    get(target, property, receiver) {
      if (property === "now") return now;
      return Reflect.get(target, property, receiver);
    },
  });
}
