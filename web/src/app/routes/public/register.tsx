import { Card } from '@/components/ui/card';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { Hero } from '@/features/public-site/components/marketing';
import { RegisterEnquiryForm } from '@/features/public-site/components/register-enquiry-form';
import { SideNote, Split } from '@/features/public-site/components/page-layout';

/**
 * /register: the seeds' sign-up screen as an enquiry. Accounts are opened by our staff
 * (only staff open accounts); the visitor asks for one and we call them.
 */
export default function RegisterRoute() {
  return (
    <div className="container">
      <Hero
        documentTitle="Open an account"
        title="Open an account"
        lead={
          <p>
            Our staff open every account in person, so your details and your gold are matched correctly. Send
            us your details and we will call you; there is no password to choose, because you sign in with a
            one-time code.
          </p>
        }
      />
      <Split>
        <Card title="Request an account">
          <RegisterEnquiryForm />
        </Card>
        <SideNote label="Already a customer">
          <h2>Already a customer?</h2>
          <p>
            Sign in with the email or mobile number you gave us. <Link to={paths.login}>Login</Link>
          </p>
          <p>
            Questions? Call <a href={site.phoneHref}>{site.phone}</a>, {site.supportHours}.
          </p>
        </SideNote>
      </Split>
    </div>
  );
}
