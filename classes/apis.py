from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from classes.selectors import class_list_for, popular_class_list
from classes.serializers import ClassOutputSerializer


class ClassListApi(APIView):
    permission_classes = [AllowAny]

    def get(self, request):
        classes = class_list_for(user=request.user)
        return Response(ClassOutputSerializer(classes, many=True).data)


class PopularClassListApi(APIView):
    permission_classes = [AllowAny]

    def get(self, request):
        return Response(ClassOutputSerializer(popular_class_list(), many=True).data)
