import video from 'virtual:about-video';
import { site } from '@/config/site';
import styles from './about-video.module.css';

/**
 * The company video on /about: the file chosen at build, served from our own origin (no
 * third-party player). It waits for a press of Play (no autoplay, nothing heard unasked), and
 * fetches only its length and first frame until then.
 */
export function AboutVideo() {
  return (
    <figure className={styles.figure}>
      <video
        className={styles.video}
        controls
        preload="metadata"
        playsInline
        poster={video.poster}
        width={640}
        height={360}
        data-testid="about-video"
      >
        <source src={video.src} type={video.type} />
        {video.captions && (
          <track kind="captions" src={video.captions} srcLang="en" label="English" default />
        )}
        <p>
          Your browser cannot play this video. <a href={video.src}>Download it</a> instead.
        </p>
      </video>
      <figcaption className={styles.caption}>
        {site.name} in a few seconds: who we are and what we promise.
      </figcaption>
    </figure>
  );
}
