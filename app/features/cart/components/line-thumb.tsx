import { StoreIcon } from "~/components/icons";
import { SaverImg } from "~/components/saver-img";
import { useImageUrls } from "~/features/media/use-image-urls";

const IMAGE_SIZE = 160;

/** A cart line's picture (the cart, a shared cart): the product's photo, or the store's sign without one. */
export function LineThumb({ url }: { url: string | null | undefined }) {
  const image = useImageUrls();
  if (!url) {
    return (
      <span className="flex h-full w-full items-center justify-center text-slate-300">
        <StoreIcon size={36} />
      </span>
    );
  }
  return (
    <SaverImg
      src={image.src(url, IMAGE_SIZE)}
      width={IMAGE_SIZE}
      height={IMAGE_SIZE}
      alt=""
      loading="lazy"
      decoding="async"
      className="h-full w-full object-contain"
    />
  );
}
