import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Link,
  Preview,
  Section,
  Text,
} from "@react-email/components";

// Every Closetloop e-mail (issue 23, item 4): the site's name as its logo, the message's
// paragraphs, one call-to-action button to the page it is about, and a footer with why the person
// got it (and, for marketing and alerts, a one-click unsubscribe link). Rendered with React
// Email's components (app/services/email-render.server.tsx); the text part is the message's own text.

export interface NoticeEmailProps {
  siteUrl: string;
  subject: string;
  /** The message's text: paragraphs separated by blank lines. */
  text: string;
  cta?: { label: string; url: string };
  reason?: string;
  unsubscribeUrl?: string;
}

const BRAND = "#1f3d36";

export function NoticeEmail({ siteUrl, subject, text, cta, reason, unsubscribeUrl }: NoticeEmailProps) {
  const paragraphs = text
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean);
  return (
    <Html lang="en-GB">
      <Head />
      <Preview>{subject}</Preview>
      <Body
        style={{
          backgroundColor: "#f5f5f4",
          fontFamily: "Helvetica, Arial, sans-serif",
          color: "#1c1917",
          margin: 0,
          padding: "24px 0",
        }}
      >
        <Container style={{ backgroundColor: "#ffffff", borderRadius: 8, maxWidth: 560, padding: "24px 32px" }}>
          <Section>
            <Link
              href={siteUrl}
              style={{ color: BRAND, fontSize: 24, fontWeight: 700, textDecoration: "none", letterSpacing: "-0.02em" }}
            >
              Closetloop
            </Link>
          </Section>
          <Heading as="h1" style={{ fontSize: 20, lineHeight: "28px", margin: "24px 0 12px" }}>
            {subject}
          </Heading>
          {paragraphs.map((paragraph, i) => (
            <Text key={i} style={{ fontSize: 15, lineHeight: "22px", margin: "0 0 12px", whiteSpace: "pre-line" }}>
              {paragraph}
            </Text>
          ))}
          {cta ? (
            <Section style={{ margin: "20px 0" }}>
              <Button
                href={cta.url}
                style={{
                  backgroundColor: BRAND,
                  borderRadius: 6,
                  color: "#ffffff",
                  fontSize: 15,
                  fontWeight: 600,
                  padding: "12px 20px",
                  textDecoration: "none",
                }}
              >
                {cta.label}
              </Button>
            </Section>
          ) : null}
          <Hr style={{ borderColor: "#e7e5e4", margin: "24px 0 12px" }} />
          <Text style={{ color: "#57534e", fontSize: 12, lineHeight: "18px", margin: 0 }}>
            {reason ?? "You get this because you have an account on Closetloop."}
            {unsubscribeUrl ? (
              <>
                {" "}
                <Link href={unsubscribeUrl} style={{ color: "#57534e", textDecoration: "underline" }}>
                  Unsubscribe
                </Link>
              </>
            ) : null}
          </Text>
          <Text style={{ color: "#57534e", fontSize: 12, lineHeight: "18px", margin: "8px 0 0" }}>
            Closetloop · Pre-owned fashion to rent or buy · London
          </Text>
        </Container>
      </Body>
    </Html>
  );
}
