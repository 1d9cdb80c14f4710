import { imageSrc } from "~/features/media/images";
import { useT } from "~/i18n/use-t";

/** A claim's photos as small thumbnails, each a link to the larger image. */
export function ClaimPhotos({ claim }: { claim: { photos: string[]; productName: string } }) {
  const t = useT();
  return (
    <ul aria-label={t("claims.section.photos")} className="mt-2 flex flex-wrap gap-2">
      {claim.photos.map((url, n) => (
        <li key={url}>
          <a href={imageSrc(url, 960)} className="block rounded focus-visible:outline-2 focus-visible:outline-blue-700">
            <img
              src={imageSrc(url, 160)}
              alt={t("claims.section.photo", { n: n + 1, name: claim.productName })}
              width={80}
              height={80}
              loading="lazy"
              className="h-20 w-20 rounded object-cover"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}
