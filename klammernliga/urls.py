from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from klammernliga.entry import views as entry_views
from klammernliga.entry.login import LoginForm

urlpatterns = [
    path("", include("stats.urls")),
    path("erfassen/", include("klammernliga.entry.urls")),
    path("anmelden/", auth_views.LoginView.as_view(authentication_form=LoginForm), name="login"),
    path("abmelden/", entry_views.LogoutView.as_view(), name="logout"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
]
