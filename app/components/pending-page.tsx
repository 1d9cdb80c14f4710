import { type ComponentType, type ReactNode, useEffect, useState } from "react";
import { useLocation, useNavigation } from "react-router";

/** §2.10 / §9: a skeleton, once shown, stays at least this long (no flash on fast links). */
export const SKELETON_MIN_MS = 500;

export type SkeletonRule = { pattern: RegExp; Skeleton: ComponentType };

/**
 * During a client-side navigation to a page that has a skeleton (§2.9 listings, §2.10 product),
 * shows that skeleton instead of the page being left, until the new page's data has loaded and
 * for at least SKELETON_MIN_MS. Server-rendered first visits never see it.
 */
export function PendingPage({ rules, children }: { rules: SkeletonRule[]; children: ReactNode }) {
  const navigation = useNavigation();
  const location = useLocation();
  const target =
    navigation.state === "loading" && navigation.location.pathname !== location.pathname
      ? navigation.location.pathname
      : null;
  const rule = target ? rules.find((r) => r.pattern.test(target)) : undefined;
  const [held, setHeld] = useState<{ Skeleton: ComponentType; until: number } | null>(null);

  useEffect(() => {
    if (rule) setHeld({ Skeleton: rule.Skeleton, until: Date.now() + SKELETON_MIN_MS });
  }, [rule, target]);

  useEffect(() => {
    if (rule || !held) return;
    const remaining = held.until - Date.now();
    if (remaining <= 0) {
      setHeld(null);
      return;
    }
    const timer = setTimeout(() => setHeld(null), remaining);
    return () => clearTimeout(timer);
  }, [rule, held]);

  const Skeleton = rule?.Skeleton ?? held?.Skeleton;
  return Skeleton ? <Skeleton /> : <>{children}</>;
}
