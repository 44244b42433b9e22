import { Navigate, Route, Routes } from 'react-router-dom';
import { AreaApollo } from '../components/AreaApollo';
import { GuestOnly, RequireToken } from '../components/guards';
import { GuestLayout, SignedInLayout } from './AdminLayout';
import { DevicesPage } from './account/DevicesPage';
import { VisitBoardPage } from './board/VisitBoardPage';
import { ApplicationsPage } from './applications/ApplicationsPage';
import { ExplorerPage } from './explorer/ExplorerPage';
import { ForgotPage } from './auth/ForgotPage';
import { LoginPage } from './auth/LoginPage';
import { NewPasswordPage } from './auth/NewPasswordPage';
import { ExportPage } from './data/ExportPage';
import { DataRequestsPage } from './data-requests/DataRequestsPage';
import { ImportPage } from './data/ImportPage';
import { CallListPage } from './informed/CallListPage';
import { HolidayCreatePage } from './holidays/HolidayCreatePage';
import { HolidayIndexPage } from './holidays/HolidayIndexPage';
import { OverviewPage } from './console/OverviewPage';
import { FailedMessagesPage } from './messages/FailedMessagesPage';
import { MigratePage } from './orders/MigratePage';
import { OrderCreatePage } from './orders/OrderCreatePage';
import { OrderManagePage } from './orders/OrderManagePage';
import { OrdersListPage } from './orders/OrdersListPage';
import { MessageSettingsPage } from './settings/MessageSettingsPage';
import { SelfMoveSettingsPage } from './settings/SelfMoveSettingsPage';
import { SettingsPage } from './settings/SettingsPage';
import { OfficeFiguresPage } from './statistics/OfficeFiguresPage';
import { StatisticsPage } from './statistics/StatisticsPage';
import { TechnicianCreatePage } from './technicians/TechnicianCreatePage';
import { TechnicianEditPage } from './technicians/TechnicianEditPage';
import { TechniciansIndexPage } from './technicians/TechniciansIndexPage';
import { UserCreatePage } from './users/UserCreatePage';
import { UserEditPage } from './users/UserEditPage';
import { UsersOverviewPage } from './users/UsersOverviewPage';
import './admin.css';

const LOGIN = '/admin/login';

/** Admin routes (docs/rules.md, Screens and routes); everything but login, forgot and new password needs adminToken. */
export default function AdminArea() {
  return (
    <AreaApollo token="admin" onExpired={LOGIN}>
      <Routes>
        <Route index element={<Navigate to="/admin/main" replace />} />
        <Route element={<GuestLayout />}>
          <Route path="login" element={<GuestOnly kind="admin" redirectTo="/admin/main" />}>
            <Route index element={<LoginPage />} />
          </Route>
          <Route element={<GuestOnly kind="admin" redirectTo="/admin/main" />}>
            <Route path="forgot" element={<ForgotPage />} />
            <Route path="newpassword/:token" element={<NewPasswordPage />} />
          </Route>
        </Route>
        <Route element={<RequireToken kind="admin" redirectTo={LOGIN} />}>
          <Route element={<SignedInLayout />}>
            <Route path="main" element={<OverviewPage />} />
            <Route path="devices" element={<DevicesPage />} />
            <Route path="board" element={<VisitBoardPage />} />
            <Route path="technicians">
              <Route index element={<Navigate to="/admin/technicians/index" replace />} />
              <Route path="index" element={<TechniciansIndexPage />} />
              <Route path="create" element={<TechnicianCreatePage />} />
              <Route path="edit/:id" element={<TechnicianEditPage />} />
              <Route path="*" element={<Navigate to="/admin/technicians/index" replace />} />
            </Route>
            <Route path="users">
              <Route index element={<Navigate to="/admin/users/overview" replace />} />
              <Route path="overview" element={<UsersOverviewPage />} />
              <Route path="create" element={<UserCreatePage />} />
              <Route path="edit/:id" element={<UserEditPage />} />
            </Route>
            <Route path="applications" element={<ApplicationsPage />} />
            <Route path="explorer" element={<ExplorerPage />} />
            <Route path="settings" element={<SettingsPage />} />
            <Route path="settings/messages" element={<MessageSettingsPage />} />
            <Route path="settings/self-move" element={<SelfMoveSettingsPage />} />
            <Route path="messages/failed" element={<FailedMessagesPage />} />
            <Route path="orders" element={<OrdersListPage />} />
            <Route path="appointment/create" element={<OrderCreatePage />} />
            <Route path="appointment/manage" element={<OrderManagePage />} />
            <Route path="migrate" element={<MigratePage />} />
            <Route path="export" element={<ExportPage />} />
            <Route path="data-requests" element={<DataRequestsPage />} />
            <Route path="import" element={<ImportPage />} />
            <Route path="statistics" element={<StatisticsPage />} />
            <Route path="statistics/figures" element={<OfficeFiguresPage />} />
            <Route path="call-list" element={<CallListPage />} />
            <Route path="holiday">
              <Route index element={<Navigate to="/admin/holiday/index" replace />} />
              <Route path="index" element={<HolidayIndexPage />} />
              <Route path="create" element={<HolidayCreatePage />} />
            </Route>
          </Route>
        </Route>
        <Route path="*" element={<Navigate to="/404" replace />} />
      </Routes>
    </AreaApollo>
  );
}
