import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { createPortalRouter } from './router';

export function App() {
  const [router] = useState(createPortalRouter);
  return <RouterProvider router={router} />;
}
