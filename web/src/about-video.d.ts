/** /about's company video, chosen at build (web/scripts/about-video-plugin.ts): addresses on our own origin. */
declare module 'virtual:about-video' {
  const video: {
    src: string;
    /** `video/mp4` or `video/webm`. */
    type: string;
    poster: string;
    /** WebVTT captions, when the build was given them. */
    captions: string | undefined;
  };
  export default video;
}
