import { data } from "react-router";
import type { Route } from "./+types/blog-post";
import { appContext } from "../../context";
import { publishedPost } from "../../data/content.server";
import { formatLongDate } from "../../domain/dates";
import { canonicalLink } from "../../domain/seo";
import { Paragraphs, PostTags } from "../../components/prose";
import { sharedPage } from "../../services/page-cache.server";

// The same for every anonymous visitor: the Worker may reuse it briefly (services/page-cache).
export const headers = sharedPage;
// Signed-in visitors get it too, with their personal parts filled in (services/personal-page.server.tsx).
export const sharedWhenSignedIn = true;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const post = await publishedPost(app.db, params.postId);
  if (!post) throw data(null, { status: 404 });
  // Dated here, so the page's code needs no date formatting (issue 47: less first-load JavaScript).
  const published = post.publishedAt ? formatLongDate(post.publishedAt) : null;
  return { post: { ...post, published }, origin: new URL(request.url).origin };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: "Post not found | Closetloop" }];
  const { post, origin } = loaderData;
  const url = `${origin}/blog/${post.id}`;
  return [
    { title: `${post.title} | Closetloop` },
    { name: "description", content: post.excerpt ?? post.title },
    canonicalLink(url),
    { property: "og:type", content: "article" },
    { property: "og:title", content: post.title },
    { property: "og:description", content: post.excerpt ?? post.title },
    { property: "og:url", content: url },
    ...(post.featuredImageUrl ? [{ property: "og:image", content: `${origin}${post.featuredImageUrl}` }] : []),
  ];
};

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { post } = loaderData;
  return (
    <article className="mx-auto max-w-3xl">
      <a href="/" className="text-sm text-brand underline">
        ← Back to Home
      </a>
      {post.category ? (
        <p className="mt-4 text-xs font-semibold tracking-wide text-accent uppercase">{post.category}</p>
      ) : null}
      <h1 className="mt-1 text-3xl font-bold">{post.title}</h1>
      {post.publishedAt ? (
        <p className="mt-1 text-sm text-stone-600">
          <time dateTime={new Date(post.publishedAt).toISOString()}>{post.published}</time>
        </p>
      ) : null}
      {post.featuredImageUrl ? (
        <img
          src={post.featuredImageUrl}
          alt=""
          width={800}
          height={450}
          className="mt-6 aspect-video w-full rounded-lg object-cover"
        />
      ) : null}
      <Paragraphs text={post.content} />
      <PostTags tags={post.tags} />
    </article>
  );
}
