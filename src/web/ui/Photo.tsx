import { useEffect, useState } from 'react';
import { IMAGE_WIDTHS, platefulImageId } from '../../contract/image-urls.js';

/** Props of {@link Photo}. `width`/`height` reserve the box (CLS 0); `sizes` as in HTML. */
export interface PhotoProps {
  src: string;
  alt: string;
  width: number;
  height: number;
  sizes: string;
  /** Above the fold: load at once and with high priority; otherwise lazily. */
  eager?: boolean;
  className?: string;
  /** Called when the image cannot be loaded (e.g. to show a fallback instead). */
  onError?: () => void;
}

const placeholders = new Map<string, Promise<string | undefined>>();

/** The ThumbHash placeholder (data URL) of a stored image, fetched once per page life. */
function placeholderOf(id: string): Promise<string | undefined> {
  let pending = placeholders.get(id);
  if (!pending) {
    pending = fetch(`/api/images/${id}/meta`)
      .then((res) => (res.ok ? (res.json() as Promise<{ placeholder: string }>) : undefined))
      .then((meta) => meta?.placeholder)
      .catch(() => undefined);
    placeholders.set(id, pending);
  }
  return pending;
}

/** The id of a photo in this Plateful's own store (a path, or a URL of this origin), else undefined. */
export function ownImageId(url: string): string | undefined {
  if (!URL.canParse(url, window.location.origin)) return undefined;
  return new URL(url, window.location.origin).origin === window.location.origin ? platefulImageId(url) : undefined;
}

/**
 * An image. From Plateful's store: `srcset` over the served widths,
 * `sizes`, a ThumbHash placeholder behind it until it loads, and lazy loading
 * unless `eager`. Any other URL: shown as is, with `referrerpolicy="no-referrer"`
 * so the third-party host learns nothing about the page.
 */
export function Photo({ src, alt, width, height, sizes, eager = false, className, onError }: PhotoProps) {
  const id = ownImageId(src);
  const [placeholder, setPlaceholder] = useState<string>();
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    if (!id) return;
    let live = true;
    void placeholderOf(id).then((p) => live && setPlaceholder(p));
    return () => {
      live = false;
    };
  }, [id]);
  const common = {
    alt,
    width,
    height,
    loading: eager ? ('eager' as const) : ('lazy' as const),
    fetchPriority: eager ? ('high' as const) : undefined,
    // An eager photo is the page's largest paint: decoded in the frame that shows it, not one or more later.
    decoding: eager ? undefined : ('async' as const),
    className,
    onError,
  };
  if (!id) return <img {...common} src={src} referrerPolicy="no-referrer" />;
  const base = `/api/images/${id}`;
  return (
    <img
      {...common}
      src={`${base}?w=640`}
      srcSet={IMAGE_WIDTHS.map((w) => `${base}?w=${w} ${w}w`).join(', ')}
      sizes={sizes}
      onLoad={() => setLoaded(true)}
      style={!loaded && placeholder ? { backgroundImage: `url(${placeholder})`, backgroundSize: 'cover' } : undefined}
    />
  );
}
