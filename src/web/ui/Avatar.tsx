import { useState } from 'react';
import { Photo } from './Photo.js';

/** Props of {@link Avatar}. */
export interface AvatarProps {
  /** The person's name: the image's text alternative and the source of the initial. */
  name: string;
  /** The photo's address; empty shows the initial. */
  src: string | undefined;
  /** Width and height in px. */
  size: number;
  /** Sizing and shape classes, e.g. `h-10 w-10`; the photo and the initial share them. */
  className?: string;
  /** Decorative (the name is written beside it): no text alternative. */
  decorative?: boolean;
  eager?: boolean;
}

/**
 * A person's round photo, or their initial on indigo when there is no photo or it
 * cannot be loaded (a deleted file, a dead link): never a broken image spilling its
 * alternative text. A new address is tried afresh.
 */
export function Avatar({ name, src, size, className = '', decorative = false, eager = false }: AvatarProps) {
  const [failed, setFailed] = useState<string>();
  if (!src || failed === src) {
    return (
      <span
        {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': name })}
        className={`flex shrink-0 items-center justify-center rounded-full bg-indigo-700 font-semibold text-white ${className}`}
      >
        {name.trim().charAt(0).toUpperCase() || '?'}
      </span>
    );
  }
  return (
    <Photo
      src={src}
      alt={decorative ? '' : name}
      width={size}
      height={size}
      sizes={`${size}px`}
      eager={eager}
      onError={() => setFailed(src)}
      className={`shrink-0 rounded-full bg-base-200 object-cover ${className}`}
    />
  );
}
