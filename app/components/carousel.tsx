import { Children, type ReactNode, type RefObject, useCallback, useEffect, useRef, useState } from "react";
import { useHydrated } from "../lib/hydrated.ts";

type CarouselProps = {
  /** Accessible name of the carousel region, e.g. "New car collection". */
  label: string;
  /** Shown at the start of the header row, beside the controls (usually the section heading). */
  heading?: ReactNode;
  /** Width of one slide at each breakpoint (Tailwind basis classes) and its padding (the gap). */
  slideClassName: string;
  /** Class of the scrolling row, e.g. a negative margin that cancels the slides' padding. */
  viewportClassName?: string;
  /** Advance one page every this many milliseconds; off for users who prefer reduced motion. */
  autoplayMs?: number;
  /** "overlay" puts the controls over the slides' bottom-right corner (full-width banners). */
  controls?: "header" | "overlay";
  children: ReactNode;
};

const reducedMotionQuery = "(prefers-reduced-motion: reduce)";

/**
 * A small accessible carousel (WAI-ARIA APG pattern). Without JavaScript it is a horizontally scrollable
 * row with scroll snapping (touch and trackpad work); JavaScript adds previous/next buttons, a pause
 * button and autoplay. Autoplay pauses while the pointer is over the carousel or focus is inside it, and
 * never starts when the visitor prefers reduced motion.
 */
export function Carousel({
  label,
  heading,
  slideClassName,
  viewportClassName = "",
  autoplayMs,
  controls = "header",
  children,
}: CarouselProps) {
  const slides = Children.toArray(children);
  const viewport = useRef<HTMLDivElement>(null);
  const enhanced = useHydrated();
  const reducedMotion = useReducedMotion();
  const [stopped, setStopped] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const visible = useVisibleSlides(viewport, slides.length);

  const step = useSlideStep(viewport, reducedMotion);

  const canAutoplay = enhanced && !!autoplayMs && !reducedMotion && slides.length > 1;
  const playing = canAutoplay && !stopped && !hovered && !focused;
  useAutoplay(playing, autoplayMs, step);

  const buttons =
    enhanced && slides.length > 1 ? (
      <CarouselButtons
        label={label}
        controls={controls}
        canAutoplay={canAutoplay}
        stopped={stopped}
        onStartStop={() => setStopped((value) => !value)}
        step={step}
      />
    ) : null;

  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      data-carousel=""
      className={controls === "overlay" ? "relative" : undefined}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      {controls === "header" || heading ? (
        <div className="mb-5 flex items-end justify-between gap-4">
          <div className="min-w-0">{heading}</div>
          {controls === "header" ? buttons : null}
        </div>
      ) : null}
      <div
        ref={viewport}
        className={`snap-x snap-mandatory overflow-x-auto overscroll-x-contain pb-3 ${enhanced ? "[scrollbar-width:none] [&::-webkit-scrollbar]:hidden" : ""} ${viewportClassName}`}
      >
        <div className="flex">
          {slides.map((slide, index) => (
            // biome-ignore lint/a11y/useSemanticElements: the ARIA carousel pattern's slide is a group with the role description "slide"
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: a slide is its place in the carousel; slides never move
              key={index}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${slides.length}`}
              className={`shrink-0 snap-start ${slideClassName}`}
            >
              {slide}
            </div>
          ))}
        </div>
      </div>
      {controls === "overlay" ? buttons : null}
      <p className="sr-only" aria-live={playing ? "off" : "polite"} aria-atomic="true">
        {enhanced
          ? visible.first === visible.last
            ? `Showing slide ${visible.first} of ${slides.length}`
            : `Showing slides ${visible.first} to ${visible.last} of ${slides.length}`
          : ""}
      </p>
    </section>
  );
}

/** Whether the person asks for less motion (prefers-reduced-motion), followed as the setting changes. */
function useReducedMotion(): boolean {
  const [reducedMotion, setReducedMotion] = useState(false);
  useEffect(() => {
    const query = window.matchMedia(reducedMotionQuery);
    setReducedMotion(query.matches);
    const onChange = (event: MediaQueryListEvent) => setReducedMotion(event.matches);
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);
  return reducedMotion;
}

/** The first and last slides in view (counted from 1), measured again as the row scrolls or the window resizes. */
function useVisibleSlides(viewport: RefObject<HTMLDivElement | null>, count: number) {
  const [visible, setVisible] = useState({ first: 1, last: 1 });
  // biome-ignore lint/correctness/useExhaustiveDependencies: viewport is the carousel's useRef object, the same on every render; the row it holds is read when the hook runs
  const measure = useCallback(() => {
    const row = viewport.current;
    const first = row?.firstElementChild?.firstElementChild as HTMLElement | null | undefined;
    if (!row || !first) return;
    const slideWidth = first.getBoundingClientRect().width || row.clientWidth;
    const start = Math.round(row.scrollLeft / slideWidth);
    const perView = Math.max(1, Math.round(row.clientWidth / slideWidth));
    setVisible({ first: start + 1, last: Math.min(count, start + perView) });
  }, [count]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: viewport is the carousel's useRef object, the same on every render; the row it holds is read when the hook runs
  useEffect(() => {
    const row = viewport.current;
    if (!row) return;
    measure();
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(measure);
    };
    row.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("resize", onScroll);
    return () => {
      cancelAnimationFrame(frame);
      row.removeEventListener("scroll", onScroll);
      window.removeEventListener("resize", onScroll);
    };
  }, [measure]);
  return visible;
}

/** Scrolls the row one page forward or back, wrapping around at either end. */
function useSlideStep(viewport: RefObject<HTMLDivElement | null>, reducedMotion: boolean) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: viewport is the carousel's useRef object, the same on every render; the row it holds is read when the hook runs
  return useCallback(
    (direction: 1 | -1) => {
      const row = viewport.current;
      if (!row) return;
      const max = row.scrollWidth - row.clientWidth;
      let left = row.scrollLeft + direction * row.clientWidth;
      if (direction === 1 && row.scrollLeft >= max - 2) left = 0;
      if (direction === -1 && row.scrollLeft <= 2) left = max;
      row.scrollTo({ left, behavior: reducedMotion ? "auto" : "smooth" });
    },
    [reducedMotion],
  );
}

/** Steps forward every `autoplayMs` while the carousel plays. */
function useAutoplay(playing: boolean, autoplayMs: number | undefined, step: (direction: 1 | -1) => void) {
  useEffect(() => {
    if (!playing || !autoplayMs) return;
    const timer = window.setInterval(() => step(1), autoplayMs);
    return () => window.clearInterval(timer);
  }, [playing, autoplayMs, step]);
}

/** The start/stop, previous and next buttons. */
function CarouselButtons({
  label,
  controls,
  canAutoplay,
  stopped,
  onStartStop,
  step,
}: Pick<CarouselProps, "label" | "controls"> & {
  canAutoplay: boolean;
  stopped: boolean;
  onStartStop: () => void;
  step: (direction: 1 | -1) => void;
}) {
  const control =
    "inline-flex size-10 items-center justify-center rounded-full border border-gray-300 bg-white text-brand-grey shadow-sm transition hover:border-brand-red hover:text-brand-red focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-red";
  return (
    <div
      className={`flex shrink-0 items-center gap-2 ${controls === "overlay" ? "absolute right-4 bottom-6 z-10 sm:right-6" : ""}`}
    >
      {canAutoplay ? (
        <button
          type="button"
          className={control}
          aria-label={stopped ? `Start automatic slides: ${label}` : `Stop automatic slides: ${label}`}
          onClick={onStartStop}
        >
          {stopped ? <PlayIcon /> : <PauseIcon />}
        </button>
      ) : null}
      <button type="button" className={control} aria-label={`Previous slides: ${label}`} onClick={() => step(-1)}>
        <ChevronIcon direction="left" />
      </button>
      <button type="button" className={control} aria-label={`Next slides: ${label}`} onClick={() => step(1)}>
        <ChevronIcon direction="right" />
      </button>
    </div>
  );
}

function ChevronIcon({ direction }: { direction: "left" | "right" }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
      <path
        d={direction === "left" ? "M12.5 4.5 7 10l5.5 5.5" : "M7.5 4.5 13 10l-5.5 5.5"}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function PauseIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
      <rect x="5" y="4" width="3.5" height="12" rx="1" />
      <rect x="11.5" y="4" width="3.5" height="12" rx="1" />
    </svg>
  );
}

function PlayIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
      <path d="M6 4.5v11a.8.8 0 0 0 1.2.7l8.6-5.5a.8.8 0 0 0 0-1.4L7.2 3.8A.8.8 0 0 0 6 4.5Z" />
    </svg>
  );
}
