import { Card } from '@/components/ui/card';
import { ContactForm } from '@/features/public-site/components/contact-form';
import { Hero } from '@/features/public-site/components/marketing';
import { ContactChannels, Split } from '@/features/public-site/components/page-layout';

/** /contact: the contact form, and every other way to reach us, one tap away. */
export default function ContactRoute() {
  return (
    <div className="container">
      <Hero
        title="Contact Us"
        lead={
          <p>
            Ask us anything about a loan, your gold or a payment. Send the form and our team will call you
            back, or reach us directly.
          </p>
        }
      />
      <Split>
        <Card title="Send us a message" description="We reply within one working day.">
          <ContactForm />
        </Card>
        <ContactChannels />
      </Split>
    </div>
  );
}
