import { videoEmbedUrl } from "./maths";

/**
 * A dealer video: an embedded player frame for YouTube and Vimeo links, a plain `<video>`
 * otherwise (docs/features/shopper-core.md §2 "dealer video (embedded frame or plain video)"). Takes the URL and a
 * title; renders the player.
 */
export function VideoPlayer({ url, title }: { url: string; title: string }) {
  const embed = videoEmbedUrl(url);
  return embed ? (
    <iframe
      className="fc-video"
      src={embed}
      title={title}
      loading="lazy"
      allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
      allowFullScreen
    />
  ) : (
    // biome-ignore lint/a11y/useMediaCaption: dealer videos come from stock feeds without captions.
    <video className="fc-video" src={url} controls preload="metadata" title={title} />
  );
}
