// The product update page of the inventory manager (/Managestore/UpdateProduct) and of the shared group: the
// product's details, and its stock with the receive / adjust dialog.
import { useQuery } from '@tanstack/react-query';
import { Link, type LinkProps } from '@tanstack/react-router';
import { useState } from 'react';
import { productQuery } from '../../../api/products';
import { Badge, Button, buttonClassName, Card, EmptyState, LoadingPlaceholder, PageHeader } from '../../../ui';
import * as s from '../../_admin/-components/admin.css';
import { LoadFailure } from '../Loaded';
import { ProductForm } from './ProductForm';
import { StockDialog } from './StockDialog';

export interface UpdateProductPageProps {
  id: number;
  listTo: LinkProps['to'];
  historyTo: LinkProps['to'];
}

export function UpdateProductPage({ id, listTo, historyTo }: UpdateProductPageProps) {
  const query = useQuery(productQuery(id));
  const [stock, setStock] = useState(false);
  if (query.isPending && id > 0) return <LoadingPlaceholder />;
  const product = query.data;
  return (
    <div className={s.page}>
      <PageHeader
        title={product ? `Change ${product.productName}` : 'Change product'}
        description={
          product ? (
            <>
              <Badge tone={product.status ? 'success' : 'neutral'}>{product.status ? 'Active' : 'Inactive'}</Badge>{' '}
              {product.onHand} on hand, {product.reserved} held, {product.available} free
              {product.lowStock ? ' (low)' : ''}
            </>
          ) : undefined
        }
        actions={
          <>
            {product ? (
              <>
                <Button variant="secondary" onClick={() => setStock(true)}>
                  Receive or adjust stock
                </Button>
                <Link
                  to={historyTo}
                  search={{ productId: product.id } as never}
                  className={buttonClassName({ variant: 'secondary' })}
                >
                  Stock history
                </Link>
              </>
            ) : null}
            <Link to={listTo} className={buttonClassName({ variant: 'secondary' })}>
              Product list
            </Link>
          </>
        }
      />
      <LoadFailure query={query} />
      {product ? (
        <Card title="Details">
          <ProductForm key={product.id} product={product} cancelTo={listTo} onSaved={() => void query.refetch()} />
        </Card>
      ) : query.error ? null : (
        <EmptyState title="Product not found" description="Choose a product from the product list." />
      )}
      <StockDialog product={stock && product ? product : null} onClose={() => setStock(false)} />
    </div>
  );
}
