import { createFileRoute } from '@tanstack/react-router';
import { EventsScreen } from '../features/events/events-screen';

export const Route = createFileRoute('/dashboard/events')({
  staticData: { screenType: 'Events' },
  component: EventsScreen,
});
