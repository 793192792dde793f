import { useParams } from 'react-router-dom';
import { AuctionFilePage } from '@/features/auctions/components/auction-file-page';

/** /admin/auction-management/:loanId: one loan's auction file; the guard admits admins and auditors. */
export default function AuctionFileRoute() {
  const { loanId = '' } = useParams();
  return <AuctionFilePage key={loanId} loanRef={loanId} />;
}
